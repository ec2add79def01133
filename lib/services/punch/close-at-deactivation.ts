import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { DEACTIVATED_REASON } from "@/lib/punch/reason";
import { latest, lockOpenEntry, lockOpenPunch } from "./locks";

export const DEACTIVATION_LOCATION = "deactivation";

/**
 * Closes a member's open punch (and running task clock) when they are deactivated:
 * reason "Deactivated", flagged for the time card so an admin checks the real end time. Runs in
 * the deactivation's transaction. Not refused by a locked period: deactivation must always work,
 * and the flag brings the punch to an admin's attention. Returns the punch closed, if any.
 */
export async function closePunchAtDeactivation(tx: Prisma.TransactionClient, userId: string, actorId: string): Promise<{ punchId: string; punchOutAt: Date } | null> {
  const punch = await lockOpenPunch(tx, userId);
  if (!punch) return null;
  const entry = await lockOpenEntry(tx, userId);
  const now = new Date();
  let entryEnd: Date | null = null;
  if (entry) {
    entryEnd = latest(now, entry.startedAt);
    await tx.taskTimeEntry.update({ where: { id: entry.id }, data: { endedAt: entryEnd, endedByForce: true, endLocation: DEACTIVATION_LOCATION } });
    await recordAudit(tx, {
      actorId,
      action: "task.clock_out",
      entityType: "task_time_entry",
      entityId: entry.id,
      before: { endedAt: null },
      after: { taskId: entry.taskId, startedAt: entry.startedAt, endedAt: entryEnd, endedByForce: true },
      metadata: { via: "deactivation" },
    });
  }
  const punchOutAt = latest(now, punch.punchInAt, entryEnd);
  await tx.punchSession.update({
    where: { id: punch.id },
    data: { punchOutAt, outReason: DEACTIVATED_REASON, outLocation: DEACTIVATION_LOCATION, flaggedAt: now, forcedTaskOut: entry !== null },
  });
  await recordAudit(tx, {
    actorId,
    action: "punch.out",
    entityType: "punch_session",
    entityId: punch.id,
    before: { punchOutAt: null },
    after: { punchInAt: punch.punchInAt, punchOutAt, reason: DEACTIVATED_REASON, flagged: true },
    metadata: { via: "deactivation", userId },
  });
  return { punchId: punch.id, punchOutAt };
}
