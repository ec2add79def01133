import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { localDateTime } from "@/lib/dates/wall-clock";
import { db } from "@/lib/db";
import { isInvariantViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict } from "@/lib/http/app-error";
import { assertDeviceTime } from "@/lib/offline/device-time";
import { OFFLINE_MESSAGES, type OfflineKind } from "@/lib/offline/rules";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { PunchInInput, PunchOutInput } from "@/lib/validations/punch";
import { loadActiveTask, type ActiveTask } from "./active-task";
import { closePunch } from "./close-punch";
import { lockOpenEntry, lockOpenPunch } from "./locks";
import { PUNCH_TX_OPTIONS, punchOrigin, type PunchOrigin, type RequestClient } from "./origin";

/**
 * Punches made on a phone without a signal, sent later by the device's queue (lib/offline) with
 * the phone's uuid for the write and the phone's clock (docs/punch.md, "Offline punches").
 *
 * - The punch gets the real instant (the device time), `recorded_offline_at` = when it arrived,
 *   and the device time itself; the time card flags it for review like a forgotten punch.
 * - A device time later than the arrival, or more than 72 hours before it, is refused (400).
 * - The uuid is the key of `offline_writes`: a retry, a reordered or a concurrent replay gets the
 *   first answer (same status, same body) and never writes a second time.
 * - A punch that no longer fits (a punch made meanwhile on another device overlaps it) is not
 *   lost: it becomes a time correction request for an administrator, and the answer says so (202).
 *   The database invariants (one open punch, no overlaps) are never relaxed.
 */

export interface OfflineReplayAnswer {
  status: number;
  body: Record<string, unknown>;
}

type Tx = Prisma.TransactionClient;
type OfflineInput = { clientUuid?: string; deviceTime?: Date };

const when = (at: Date) => localDateTime(at, BUSINESS_TIME_ZONE);

function offlineInfo(clientUuid: string, deviceTime: Date, receivedAt: Date, outcome: "recorded" | "correction-requested", correctionRequestId: string | null) {
  return {
    clientUuid,
    outcome,
    deviceTime,
    recordedOfflineAt: receivedAt,
    correctionRequestId,
    message: outcome === "recorded" ? OFFLINE_MESSAGES.recorded : OFFLINE_MESSAGES.correctionRequested,
  };
}

async function storedAnswer(clientUuid: string, userId: string, kind: OfflineKind): Promise<OfflineReplayAnswer | null> {
  const row = await db.offlineWrite.findUnique({ where: { clientUuid }, select: { userId: true, kind: true, responseStatus: true, response: true } });
  if (!row) return null;
  // A uuid is one write of one person: reusing it for anything else is a client bug, never a replay.
  if (row.userId !== userId || row.kind !== kind) throw conflict(OFFLINE_MESSAGES.uuidReused);
  return { status: row.responseStatus, body: row.response as Record<string, unknown> };
}

/** Claims the uuid first: a concurrent replay of the same uuid waits here for this one's commit, then finds its answer. */
async function claim(tx: Tx, clientUuid: string, userId: string, kind: OfflineKind, deviceTime: Date, receivedAt: Date): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO offline_writes (client_uuid, user_id, kind, device_time, received_at, outcome, response_status, response)
    VALUES (${clientUuid}::uuid, ${userId}::uuid, ${kind}, ${deviceTime}, ${receivedAt}, 'pending', 0, '{}'::jsonb)
    ON CONFLICT (client_uuid) DO NOTHING`;
  return inserted === 1;
}

async function settle(
  tx: Tx,
  clientUuid: string,
  answer: OfflineReplayAnswer,
  refs: { outcome: "recorded" | "correction-requested"; punchSessionId?: string | null; correctionRequestId?: string | null },
): Promise<OfflineReplayAnswer> {
  // Stored as the JSON the client receives (dates as ISO strings).
  const body = JSON.parse(JSON.stringify(answer.body)) as Record<string, unknown>;
  const stored = await tx.offlineWrite.update({
    where: { clientUuid },
    data: {
      outcome: refs.outcome,
      punchSessionId: refs.punchSessionId ?? null,
      correctionRequestId: refs.correctionRequestId ?? null,
      responseStatus: answer.status,
      response: body as Prisma.InputJsonValue,
    },
    select: { response: true },
  });
  // Read back through jsonb, so even the key order of the first answer matches every retry's.
  return { status: answer.status, body: stored.response as Record<string, unknown> };
}

async function requestOfflineCorrection(
  tx: Tx,
  caller: Pick<Caller, "userId" | "role">,
  input: { clientUuid: string; deviceTime: Date; receivedAt: Date; punchSessionId: string | null; requestedInAt: Date; requestedOutAt: Date; reason: string },
): Promise<OfflineReplayAnswer> {
  await assertNotLocked(tx, caller.userId, input.requestedInAt, input.requestedOutAt);
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
    metadata: { clientUuid: input.clientUuid, deviceTime: input.deviceTime, receivedAt: input.receivedAt },
  });
  const status = await statusIn(tx, caller);
  return settle(
    tx,
    input.clientUuid,
    { status: 202, body: { ...status, offline: offlineInfo(input.clientUuid, input.deviceTime, input.receivedAt, "correction-requested", request.id) } },
    { outcome: "correction-requested", punchSessionId: input.punchSessionId, correctionRequestId: request.id },
  );
}

/** The caller's punch status read inside the transaction (it must include this transaction's write). */
async function statusIn(tx: Tx, caller: Pick<Caller, "userId" | "role">) {
  const latest = await tx.punchSession.findFirst({ where: { userId: caller.userId }, orderBy: { punchInAt: "desc" }, select: { punchInAt: true, punchOutAt: true } });
  const entry = await tx.taskTimeEntry.findFirst({ where: { userId: caller.userId, endedAt: null }, select: { startedAt: true, taskId: true } });
  const task = entry ? await loadActiveTask(tx, caller, entry.taskId) : null;
  return {
    isPunchedIn: latest !== null && latest.punchOutAt === null,
    lastPunchIn: latest?.punchInAt ?? null,
    activeTask: task && entry ? { ...task, startedAt: entry.startedAt } : null,
  };
}

async function replayIn(tx: Tx, caller: Pick<Caller, "userId" | "role">, clientUuid: string, at: Date, receivedAt: Date, origin: PunchOrigin) {
  // Anything overlapping [at, ∞): an open punch, or one that ends after `at` (made meanwhile elsewhere).
  const overlapping = await tx.punchSession.findFirst({
    where: { userId: caller.userId, OR: [{ punchOutAt: null }, { punchOutAt: { gt: at } }] },
    orderBy: { punchInAt: "asc" },
    select: { id: true, punchInAt: true, punchOutAt: true },
  });
  if (overlapping) {
    return requestOfflineCorrection(tx, caller, {
      clientUuid,
      deviceTime: at,
      receivedAt,
      punchSessionId: overlapping.id,
      requestedInAt: at < overlapping.punchInAt ? at : overlapping.punchInAt,
      requestedOutAt: overlapping.punchOutAt ?? receivedAt,
      reason: `Punched in at ${when(at)} (${origin.location}) on a phone without a signal; it overlaps a punch made meanwhile on another device.`,
    });
  }
  await assertNotLocked(tx, caller.userId, at, at);
  const punch = await tx.punchSession.create({
    data: {
      userId: caller.userId,
      punchInAt: at,
      inDeviceTime: at,
      recordedOfflineAt: receivedAt,
      inSource: origin.source,
      inLocation: origin.location,
      inUserAgent: origin.userAgent,
      inIp: origin.ip,
    },
    select: { id: true, punchInAt: true },
  });
  await recordAudit(tx, {
    actorId: caller.userId,
    action: "punch.in",
    entityType: "punch_session",
    entityId: punch.id,
    after: { punchInAt: punch.punchInAt, source: origin.source, location: origin.location, recordedOfflineAt: receivedAt },
    metadata: { ip: origin.ip, userAgent: origin.userAgent, offline: true, clientUuid, deviceTime: at },
  });
  return settle(
    tx,
    clientUuid,
    { status: 201, body: { isPunchedIn: true, lastPunchIn: punch.punchInAt, activeTask: null, offline: offlineInfo(clientUuid, at, receivedAt, "recorded", null) } },
    { outcome: "recorded", punchSessionId: punch.id },
  );
}

async function replayOut(tx: Tx, caller: Pick<Caller, "userId" | "role">, clientUuid: string, at: Date, receivedAt: Date, origin: PunchOrigin, input: PunchOutInput) {
  const open = await lockOpenPunch(tx, caller.userId);
  const entry = open ? await lockOpenEntry(tx, caller.userId) : null;
  // Punched out meanwhile elsewhere, or punched in again after `at`, or a task clock started after `at`.
  if (!open || open.punchInAt > at || (entry && entry.startedAt > at)) {
    const containing = await tx.punchSession.findFirst({
      where: { userId: caller.userId, punchInAt: { lte: at } },
      orderBy: { punchInAt: "desc" },
      select: { id: true, punchInAt: true },
    });
    return requestOfflineCorrection(tx, caller, {
      clientUuid,
      deviceTime: at,
      receivedAt,
      punchSessionId: containing?.id ?? null,
      requestedInAt: containing?.punchInAt ?? at,
      requestedOutAt: at,
      reason: `Punched out at ${when(at)} (${input.reason}${input.reasonOther ? `: ${input.reasonOther}` : ""}, ${origin.location}) on a phone without a signal; a punch made meanwhile on another device conflicts with it.`,
    });
  }
  await assertNotLocked(tx, caller.userId, open.punchInAt, at);
  // The person could not see the task clock offline: a running task clock closes with the punch.
  let clockedOutOfTask: ActiveTask | null = null;
  if (entry) {
    clockedOutOfTask = await loadActiveTask(tx, caller, entry.taskId);
    await tx.taskTimeEntry.update({
      where: { id: entry.id },
      data: { endedAt: at, endedByForce: true, endSource: origin.source, endLocation: origin.location, endUserAgent: origin.userAgent, endIp: origin.ip },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "task.clock_out",
      entityType: "task_time_entry",
      entityId: entry.id,
      before: { endedAt: null },
      after: { taskId: entry.taskId, startedAt: entry.startedAt, endedAt: at, endedByForce: true },
      metadata: { source: origin.source, location: origin.location, ip: origin.ip, userAgent: origin.userAgent, via: "punch-out", offline: true, clientUuid },
    });
  }
  const current = await tx.punchSession.findUniqueOrThrow({ where: { id: open.id }, select: { recordedOfflineAt: true } });
  await closePunch(tx, {
    actorId: caller.userId,
    punch: open,
    punchOutAt: at,
    origin,
    input,
    forcedTaskOut: clockedOutOfTask !== null,
    extra: { outDeviceTime: at, recordedOfflineAt: current.recordedOfflineAt ?? receivedAt },
    auditMetadata: { offline: true, clientUuid, deviceTime: at },
  });
  return settle(
    tx,
    clientUuid,
    {
      status: 200,
      body: {
        isPunchedIn: false,
        lastPunchIn: open.punchInAt,
        punchOutAt: at,
        reason: input.reason,
        reasonOther: input.reasonOther,
        activeTask: null,
        clockedOutOfTask,
        offline: offlineInfo(clientUuid, at, receivedAt, "recorded", null),
      },
    },
    { outcome: "recorded", punchSessionId: open.id },
  );
}

/**
 * POST /api/auth/punch/in and /out-with-reason with `clientUuid` and `deviceTime`: records the
 * punch at the device time, or turns it into a correction request. Returns the status and body
 * to send (the first answer again for a uuid already seen).
 */
export async function replayOfflinePunch(
  caller: Pick<Caller, "userId" | "role">,
  write: { kind: "punch-in"; input: PunchInInput } | { kind: "punch-out"; input: PunchOutInput },
  client: RequestClient,
): Promise<OfflineReplayAnswer> {
  const { clientUuid, deviceTime } = write.input as OfflineInput;
  if (!clientUuid || !deviceTime) throw badRequest("clientUuid and deviceTime are required for an offline punch");
  const seen = await storedAnswer(clientUuid, caller.userId, write.kind);
  if (seen) return seen;
  const receivedAt = new Date();
  assertDeviceTime(deviceTime, receivedAt, "punch");
  const origin = punchOrigin(client, write.input);

  // A punch made at the same moment on another device can still win the race to the invariants
  // (unique open punch, no overlap); the second attempt then sees it and files a correction.
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await db.$transaction(async (tx) => {
        if (!(await claim(tx, clientUuid, caller.userId, write.kind, deviceTime, receivedAt))) return null;
        return write.kind === "punch-in"
          ? replayIn(tx, caller, clientUuid, deviceTime, receivedAt, origin)
          : replayOut(tx, caller, clientUuid, deviceTime, receivedAt, origin, write.input);
      }, PUNCH_TX_OPTIONS);
      if (answer === null) {
        // Another request with this uuid committed first: answer what it answered.
        const first = await storedAnswer(clientUuid, caller.userId, write.kind);
        if (first) return first;
        throw conflict(OFFLINE_MESSAGES.uuidReused);
      }
      if (answer.body.offline && (answer.body.offline as { outcome: string }).outcome === "recorded") {
        requestAlertEvaluation(write.kind === "punch-in" ? "punch-in" : "punch-out");
      }
      return answer;
    } catch (error) {
      const raced =
        isInvariantViolation(error, "punch_sessions_one_open_per_user") ||
        isInvariantViolation(error, "punch_sessions_no_overlap", "23P01") ||
        isInvariantViolation(error, "offline_writes_pkey");
      if (raced && attempt < 3) continue;
      throw error;
    }
  }
}
