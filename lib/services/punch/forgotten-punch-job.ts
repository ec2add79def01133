import "server-only";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/types";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { forgottenLimitMs, isForgottenPunch } from "@/lib/time/calc";
import { lockMemberTime } from "@/lib/services/time/lock-member-time";
import { findLock } from "@/lib/services/time/locks";
import { getTimePolicy } from "@/lib/services/time/policy";
import { latest, lockOpenEntry, lockOpenPunch } from "./locks";

export const AUTO_CLOSED_REASON = "Auto-closed";
export const AUTO_CLOSE_LOCATION = "forgotten punch-out";
const BATCH = 500;

export interface ForgottenPunchResult {
  flagged: number;
  autoClosed: number;
}

/**
 * The forgotten punch-out job. A punch open longer than the policy's limit is flagged
 * (the member sees a banner, admins see it on the time card). With auto-close on, it is closed
 * at the limit with reason "Auto-closed" and `autoClosed`, which counts as zero worked time until
 * an admin corrects it (lib/time/calc.ts). Idempotent: only unflagged punches are flagged, only
 * open punches closed, each under the member's punch lock; a punch in a locked period stays open
 * and flagged.
 */
export async function runForgottenPunchCheck({ now = new Date() }: { now?: Date } = {}): Promise<ForgottenPunchResult> {
  const policy = await getTimePolicy();
  // Open and started before the cutoff: isForgottenPunch (lib/time/calc.ts), as a query.
  const limitMs = forgottenLimitMs(policy);
  const cutoff = new Date(now.getTime() - limitMs);
  const { count: flagged } = await db.punchSession.updateMany({
    where: { punchOutAt: null, punchInAt: { lt: cutoff }, flaggedAt: null },
    data: { flaggedAt: now },
  });
  let autoClosed = 0;
  if (!policy.autoCloseForgotten) return { flagged, autoClosed };
  const due = await db.punchSession.findMany({
    where: { punchOutAt: null, punchInAt: { lt: cutoff } },
    select: { userId: true },
    orderBy: { punchInAt: "asc" },
    take: BATCH,
  });
  for (const { userId } of due) {
    const closed = await db.$transaction(async (tx) => {
      const punch = await lockOpenPunch(tx, userId);
      if (!punch || !isForgottenPunch({ ...punch, punchOutAt: null }, policy, now)) return false;
      const limitAt = new Date(punch.punchInAt.getTime() + limitMs);
      await lockMemberTime(tx, userId);
      if (await findLock(tx, userId, punch.punchInAt, limitAt)) return false;
      const entry = await lockOpenEntry(tx, userId);
      const closeAt = latest(limitAt, entry?.startedAt);
      if (entry) {
        await tx.taskTimeEntry.update({ where: { id: entry.id }, data: { endedAt: closeAt, endedByForce: true, endLocation: AUTO_CLOSE_LOCATION } });
      }
      await tx.punchSession.update({
        where: { id: punch.id },
        data: { punchOutAt: closeAt, outReason: AUTO_CLOSED_REASON, outLocation: AUTO_CLOSE_LOCATION, autoClosed: true, flaggedAt: now, forcedTaskOut: entry !== null },
      });
      await recordAudit(tx, {
        actorId: null,
        action: "punch.auto_close",
        entityType: "punch_session",
        entityId: punch.id,
        before: { punchOutAt: null },
        after: { punchInAt: punch.punchInAt, punchOutAt: closeAt, autoClosed: true },
        metadata: { via: "forgotten-punch-job", limitHours: policy.forgottenPunchHours, closedTaskTime: entry?.id ?? null },
      });
      return true;
    });
    if (closed) autoClosed++;
  }
  return { flagged, autoClosed };
}

/** Every 15 minutes and at start. */
export const forgottenPunchJob = defineJob<{ now?: string }>({
  name: "time-forgotten-punch",
  cron: "*/15 * * * *",
  runAtStart: true,
  run: (data) => runForgottenPunchCheck(data.now ? { now: new Date(data.now) } : {}),
});
