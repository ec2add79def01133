import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PunchOutInput } from "@/lib/validations/punch";
import { loadActiveTask, type ActiveTask } from "./active-task";
import { closePunch } from "./close-punch";
import { endTaskClock } from "./end-task-clock";
import { latest, type OpenEntry, type OpenPunch } from "./locks";
import type { OfflinePunchFacts } from "./open-punch";
import type { PunchOrigin } from "./origin";
import { memberRef, outsiderActiveTask, recordWebhookEvent } from "@/lib/services/webhooks/record-event";

/**
 * The one write of a punch-out, shared by the online punch-out and its offline replay: a running
 * task clock closes with the punch (forced), then the punch closes (closePunch). The caller has
 * locked both rows and checked the pay-period lock. Never earlier than what it closes, even if
 * clocks disagree. A replay also records the device time and when it arrived.
 */
export async function closeShift(
  tx: Prisma.TransactionClient,
  args: {
    caller: Pick<Caller, "userId" | "role">;
    punch: OpenPunch;
    entry: OpenEntry | null;
    at: Date;
    origin: PunchOrigin;
    input: Pick<PunchOutInput, "reason" | "reasonOther">;
    offline?: OfflinePunchFacts;
  },
) {
  const { caller, punch, entry, at, origin, input, offline } = args;
  const offlineMetadata = offline ? { offline: true, clientUuid: offline.clientUuid } : {};
  let clockedOutOfTask: ActiveTask | null = null;
  let entryEnd: Date | null = null;
  if (entry) {
    clockedOutOfTask = await loadActiveTask(tx, caller, entry.taskId);
    entryEnd = latest(at, entry.startedAt);
    await endTaskClock(tx, { actorId: caller.userId, entry, endedAt: entryEnd, origin, forced: { auditMetadata: { via: "punch-out", ...offlineMetadata } } });
  }
  const punchOutAt = latest(at, punch.punchInAt, entryEnd);
  // A punch whose start was itself replayed keeps the arrival of that first offline write.
  const replayed = offline ? await tx.punchSession.findUniqueOrThrow({ where: { id: punch.id }, select: { recordedOfflineAt: true } }) : null;
  await closePunch(tx, {
    actorId: caller.userId,
    punch,
    punchOutAt,
    origin,
    input,
    forcedTaskOut: clockedOutOfTask !== null,
    extra: offline ? { outDeviceTime: at, recordedOfflineAt: replayed?.recordedOfflineAt ?? offline.receivedAt } : undefined,
    auditMetadata: offline ? { ...offlineMetadata, deviceTime: at } : undefined,
  });
  const answer = {
    isPunchedIn: false as const,
    lastPunchIn: punch.punchInAt,
    punchOutAt,
    reason: input.reason,
    reasonOther: input.reasonOther,
    activeTask: null,
    clockedOutOfTask,
  };
  await recordWebhookEvent(tx, "punch.out", async () => ({
    member: await memberRef(tx, caller.userId),
    punchId: punch.id,
    punch: { ...answer, clockedOutOfTask: await outsiderActiveTask(tx, clockedOutOfTask) },
  }));
  return answer;
}
