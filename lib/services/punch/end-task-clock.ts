import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { timeEntrySelect } from "./clock-into-task";
import type { OpenEntry } from "./locks";
import type { PunchOrigin } from "./origin";

/**
 * The one write that stops a task clock: its end fields and its "task.clock_out" audit row. A
 * clock-out stops it by itself; a punch-out stops it by force (`via: "punch-out"`, and a replay
 * adds its offline facts to the audit row).
 */
export async function endTaskClock(
  tx: Prisma.TransactionClient,
  args: { actorId: string; entry: Pick<OpenEntry, "id" | "taskId" | "startedAt">; endedAt: Date; origin: PunchOrigin; forced?: { auditMetadata: Record<string, unknown> } },
) {
  const { actorId, entry, endedAt, origin, forced } = args;
  const ended = await tx.taskTimeEntry.update({
    where: { id: entry.id },
    data: { endedAt, ...(forced && { endedByForce: true }), endSource: origin.source, endLocation: origin.location, endUserAgent: origin.userAgent, endIp: origin.ip },
    select: timeEntrySelect,
  });
  await recordAudit(tx, {
    actorId,
    action: "task.clock_out",
    entityType: "task_time_entry",
    entityId: entry.id,
    before: { endedAt: null },
    after: { taskId: entry.taskId, startedAt: entry.startedAt, endedAt, ...(forced && { endedByForce: true }) },
    metadata: { source: origin.source, location: origin.location, ip: origin.ip, userAgent: origin.userAgent, ...forced?.auditMetadata },
  });
  return ended;
}
