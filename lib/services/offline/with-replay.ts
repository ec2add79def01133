import "server-only";
import { db } from "@/lib/db";
import { isInvariantViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/app-error";
import { assertDeviceTime, type DeviceTimeWhat } from "@/lib/offline/device-time";
import { OFFLINE_UUID_REUSED, type OfflineKind } from "@/lib/offline/rules";

/**
 * The one replay ledger of the writes a phone queues without a signal (docs/architecture.md,
 * "Offline writes"): `offline_writes`, keyed by the phone's uuid for the write.
 *
 * `withReplay(write, work)`:
 * 1. a uuid seen before answers with its first answer (same status, same body), and writes nothing;
 *    a uuid of another person or another kind is a 409, never their answer;
 * 2. the device time must pass the one device-time rule (lib/offline/device-time.ts): a 400 otherwise;
 * 3. in one transaction: claims the uuid (a concurrent replay of it waits on the row, then finds
 *    the first answer), runs `work(tx, { deviceTime, receivedAt })`, and stores its answer;
 * 4. a transaction that loses a race to a database invariant named in `retryOn` runs again (three
 *    times at most): the second run sees what won and answers accordingly.
 *
 * `work` answers with a status and the JSON body, and may refuse for good by answering 4xx (the
 * refusal is then stored and repeated). A thrown error stores nothing: the phone may retry.
 */

type Tx = Prisma.TransactionClient;

export interface ReplayWrite {
  kind: OfflineKind;
  clientUuid: string;
  /** The phone's clock when the person tapped: the instant the write is recorded at. */
  deviceTime: Date;
  userId: string;
}

/** What `work` answers: the status and body sent to the phone, and what the ledger row records. */
export interface ReplayOutcome {
  status: number;
  body: object;
  /** "recorded", "refused", "correction-requested", … */
  outcome: string;
  punchSessionId?: string | null;
  correctionRequestId?: string | null;
}

export interface ReplayAnswer {
  status: number;
  body: Record<string, unknown>;
  /** false when this is the stored answer of an earlier request with the same uuid. */
  fresh: boolean;
}

export interface ReplayContext {
  deviceTime: Date;
  /** When the server received the write (recorded as `received_at`). */
  receivedAt: Date;
}

export interface ReplayOptions {
  /** The words of the device-time refusal ("punch", "scan", "checklist tick"). */
  what: DeviceTimeWhat;
  transaction?: { maxWait?: number; timeout?: number };
  /** Database invariants a concurrent write on another device may win: the transaction runs again. */
  retryOn?: Array<[constraint: string, sqlState?: string]>;
}

/** The stored answer of a uuid seen before, or null; a uuid of another person or kind is a 409. */
export async function storedReplay(write: Pick<ReplayWrite, "kind" | "clientUuid" | "userId">): Promise<ReplayAnswer | null> {
  const row = await db.offlineWrite.findUnique({ where: { clientUuid: write.clientUuid }, select: { userId: true, kind: true, responseStatus: true, response: true } });
  if (!row) return null;
  // A uuid is one write of one person: reusing it for anything else is a client bug, never a replay.
  if (row.userId !== write.userId || row.kind !== write.kind) throw conflict(OFFLINE_UUID_REUSED[write.kind]);
  return { status: row.responseStatus, body: row.response as Record<string, unknown>, fresh: false };
}

/** Claims the uuid first: a concurrent replay of the same uuid waits here for this one's commit. */
async function claim(tx: Tx, write: ReplayWrite, receivedAt: Date): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO offline_writes (client_uuid, user_id, kind, device_time, received_at, outcome, response_status, response)
    VALUES (${write.clientUuid}::uuid, ${write.userId}::uuid, ${write.kind}, ${write.deviceTime}, ${receivedAt}, 'pending', 0, '{}'::jsonb)
    ON CONFLICT (client_uuid) DO NOTHING`;
  return inserted === 1;
}

async function settle(tx: Tx, clientUuid: string, result: ReplayOutcome): Promise<ReplayAnswer> {
  // Stored as the JSON the client receives (dates as ISO strings).
  const body = JSON.parse(JSON.stringify(result.body)) as Prisma.InputJsonValue;
  const stored = await tx.offlineWrite.update({
    where: { clientUuid },
    data: {
      outcome: result.outcome,
      punchSessionId: result.punchSessionId ?? null,
      correctionRequestId: result.correctionRequestId ?? null,
      responseStatus: result.status,
      response: body,
    },
    select: { response: true },
  });
  // Read back through jsonb, so even the key order of the first answer matches every retry's.
  return { status: result.status, body: stored.response as Record<string, unknown>, fresh: true };
}

export async function withReplay(write: ReplayWrite, work: (tx: Tx, context: ReplayContext) => Promise<ReplayOutcome>, options: ReplayOptions): Promise<ReplayAnswer> {
  const seen = await storedReplay(write);
  if (seen) return seen;
  const receivedAt = new Date();
  assertDeviceTime(write.deviceTime, receivedAt, options.what);
  const raced = (error: unknown) =>
    isInvariantViolation(error, "offline_writes_pkey") || (options.retryOn ?? []).some(([constraint, sqlState]) => isInvariantViolation(error, constraint, sqlState));

  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await db.$transaction(async (tx) => {
        if (!(await claim(tx, write, receivedAt))) return null;
        return settle(tx, write.clientUuid, await work(tx, { deviceTime: write.deviceTime, receivedAt }));
      }, options.transaction);
      if (answer) return answer;
      // Another request with this uuid committed first: answer what it answered.
      const first = await storedReplay(write);
      if (first) return first;
      throw conflict(OFFLINE_UUID_REUSED[write.kind]);
    } catch (error) {
      if (raced(error) && attempt < 3) continue;
      throw error;
    }
  }
}
