import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { localDateTime } from "@/lib/dates/wall-clock";
import type { Prisma } from "@/lib/generated/prisma/client";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";
import { withReplay, type ReplayAnswer, type ReplayContext, type ReplayOutcome } from "@/lib/services/offline/with-replay";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { PunchOutInput } from "@/lib/validations/punch";
import { loadActiveTask } from "./active-task";
import { closeShift } from "./close-shift";
import { lockOpenEntry, lockOpenPunch } from "./locks";
import { openPunch } from "./open-punch";
import { PUNCH_TX_OPTIONS, type PunchOrigin } from "./origin";

/**
 * Punches made on a phone without a signal, sent later by the device's queue (lib/offline) with
 * the phone's uuid for the write and the phone's clock (docs/punch.md, "Offline punches"). The
 * punch services (./punch-in.ts, ./punch-out.ts) send a punch carrying `clientUuid` + `deviceTime`
 * here; the ledger (uuid, first answer, device-time rule) is withReplay's.
 *
 * - The punch gets the real instant (the device time), `recorded_offline_at` = when it arrived,
 *   and the device time itself; the time card flags it for review like a forgotten punch. It is
 *   the same write as a punch now (./open-punch.ts, ./close-shift.ts).
 * - A punch that no longer fits (a punch made meanwhile on another device overlaps it) is not
 *   lost: it becomes a time correction request for an administrator, and the answer says so (202).
 *   The database invariants (one open punch, no overlaps) are never relaxed.
 */

/** What a punch service answers: the status (201/200 recorded, 202 correction request) and the body. */
export type PunchAnswer = Pick<ReplayAnswer, "status"> & { body: object };

type Tx = Prisma.TransactionClient;
type PunchCaller = Pick<Caller, "userId" | "role">;
type OfflineWrite = { clientUuid: string; deviceTime: Date };

const when = (at: Date) => localDateTime(at, BUSINESS_TIME_ZONE);

/**
 * A punch made at the same moment on another device can still win the race to the invariants
 * (unique open punch, no overlap); the second attempt then sees it and files a correction.
 */
const PUNCH_RACES: Array<[string, string?]> = [["punch_sessions_one_open_per_user"], ["punch_sessions_no_overlap", "23P01"]];

function offlineInfo(write: OfflineWrite, receivedAt: Date, correctionRequestId: string | null) {
  return {
    clientUuid: write.clientUuid,
    outcome: correctionRequestId ? "correction-requested" : "recorded",
    deviceTime: write.deviceTime,
    recordedOfflineAt: receivedAt,
    correctionRequestId,
    message: correctionRequestId ? OFFLINE_MESSAGES.correctionRequested : OFFLINE_MESSAGES.recorded,
  };
}

async function replayPunch(caller: PunchCaller, kind: "punch-in" | "punch-out", write: OfflineWrite, work: (tx: Tx, context: ReplayContext) => Promise<ReplayOutcome>) {
  const answer = await withReplay({ kind, ...write, userId: caller.userId }, work, { what: "punch", transaction: PUNCH_TX_OPTIONS, retryOn: PUNCH_RACES });
  if (answer.fresh && answer.status !== 202) requestAlertEvaluation(kind);
  return answer;
}

/** The offline punch-in: recorded at the device time, or a correction request when it overlaps a punch made meanwhile. */
export function replayPunchIn(caller: PunchCaller, write: OfflineWrite, origin: PunchOrigin): Promise<PunchAnswer> {
  return replayPunch(caller, "punch-in", write, async (tx, { deviceTime: at, receivedAt }) => {
    // Anything overlapping [at, ∞): an open punch, or one that ends after `at` (made meanwhile elsewhere).
    const overlapping = await tx.punchSession.findFirst({
      where: { userId: caller.userId, OR: [{ punchOutAt: null }, { punchOutAt: { gt: at } }] },
      orderBy: { punchInAt: "asc" },
      select: { id: true, punchInAt: true, punchOutAt: true },
    });
    if (overlapping) {
      return requestOfflineCorrection(tx, caller, write, receivedAt, {
        punchSessionId: overlapping.id,
        requestedInAt: at < overlapping.punchInAt ? at : overlapping.punchInAt,
        requestedOutAt: overlapping.punchOutAt ?? receivedAt,
        reason: `Punched in at ${when(at)} (${origin.location}) on a phone without a signal; it overlaps a punch made meanwhile on another device.`,
      });
    }
    const punch = await openPunch(tx, { caller, at, origin, offline: { clientUuid: write.clientUuid, receivedAt } });
    const body = { isPunchedIn: true, lastPunchIn: punch.punchInAt, activeTask: null, offline: offlineInfo(write, receivedAt, null) };
    return { status: 201, body, outcome: "recorded", punchSessionId: punch.id };
  });
}

/**
 * The offline punch-out: recorded at the device time (the person could not see the task clock
 * offline, so a running task clock closes with the punch), or a correction request when a punch
 * made meanwhile elsewhere conflicts with it.
 */
export function replayPunchOut(caller: PunchCaller, write: OfflineWrite, origin: PunchOrigin, input: PunchOutInput): Promise<PunchAnswer> {
  return replayPunch(caller, "punch-out", write, async (tx, { deviceTime: at, receivedAt }) => {
    const open = await lockOpenPunch(tx, caller.userId);
    const entry = open ? await lockOpenEntry(tx, caller.userId) : null;
    // Punched out meanwhile elsewhere, or punched in again after `at`, or a task clock started after `at`.
    if (!open || open.punchInAt > at || (entry && entry.startedAt > at)) {
      const containing = await tx.punchSession.findFirst({
        where: { userId: caller.userId, punchInAt: { lte: at } },
        orderBy: { punchInAt: "desc" },
        select: { id: true, punchInAt: true },
      });
      return requestOfflineCorrection(tx, caller, write, receivedAt, {
        punchSessionId: containing?.id ?? null,
        requestedInAt: containing?.punchInAt ?? at,
        requestedOutAt: at,
        reason: `Punched out at ${when(at)} (${input.reason}${input.reasonOther ? `: ${input.reasonOther}` : ""}, ${origin.location}) on a phone without a signal; a punch made meanwhile on another device conflicts with it.`,
      });
    }
    await assertNotLocked(tx, caller.userId, open.punchInAt, at, caller);
    const closed = await closeShift(tx, { caller, punch: open, entry, at, origin, input, offline: { clientUuid: write.clientUuid, receivedAt } });
    return { status: 200, body: { ...closed, offline: offlineInfo(write, receivedAt, null) }, outcome: "recorded", punchSessionId: open.id };
  });
}

async function requestOfflineCorrection(
  tx: Tx,
  caller: PunchCaller,
  write: OfflineWrite,
  receivedAt: Date,
  input: { punchSessionId: string | null; requestedInAt: Date; requestedOutAt: Date; reason: string },
): Promise<ReplayOutcome> {
  await assertNotLocked(tx, caller.userId, input.requestedInAt, input.requestedOutAt, caller);
  const request = await tx.timeCorrectionRequest.create({
    data: {
      userId: caller.userId,
      punchSessionId: input.punchSessionId,
      requestedInAt: input.requestedInAt,
      requestedOutAt: input.requestedOutAt,
      reason: input.reason,
    },
    select: { id: true },
  });
  await recordAudit(tx, {
    actorId: caller.userId,
    action: "punch.offline_correction",
    entityType: "time_correction_request",
    entityId: request.id,
    after: { punchSessionId: input.punchSessionId, requestedInAt: input.requestedInAt, requestedOutAt: input.requestedOutAt },
    metadata: { clientUuid: write.clientUuid, deviceTime: write.deviceTime, receivedAt },
  });
  const status = await statusIn(tx, caller);
  return {
    status: 202,
    body: { ...status, offline: offlineInfo(write, receivedAt, request.id) },
    outcome: "correction-requested",
    punchSessionId: input.punchSessionId,
    correctionRequestId: request.id,
  };
}

/** The caller's punch status read inside the transaction (it must include this transaction's write). */
async function statusIn(tx: Tx, caller: PunchCaller) {
  const latest = await tx.punchSession.findFirst({ where: { userId: caller.userId }, orderBy: { punchInAt: "desc" }, select: { punchInAt: true, punchOutAt: true } });
  const entry = await tx.taskTimeEntry.findFirst({ where: { userId: caller.userId, endedAt: null }, select: { startedAt: true, taskId: true } });
  const task = entry ? await loadActiveTask(tx, caller, entry.taskId) : null;
  return {
    isPunchedIn: latest !== null && latest.punchOutAt === null,
    lastPunchIn: latest?.punchInAt ?? null,
    activeTask: task && entry ? { ...task, startedAt: entry.startedAt } : null,
  };
}
