/**
 * Sends the queued writes in order, one at a time, when the connection is back. An entry leaves
 * the queue on any final answer: recorded (2xx), turned into a correction request (202), or
 * refused for good (4xx: kept in `failed` to show the person). No answer, 408, 429 or a 5xx keep
 * it first in line and stop the run, so later taps never overtake it. Harmless to run twice at
 * once (another tab, a double "online" event): the server answers a uuid it has seen with its
 * first answer; a Web Lock, where the browser has it, keeps tabs from sending in parallel.
 */
import type { ApiError } from "@/lib/api-client/errors";
import { entriesOf, ownedBy, type OfflineEntry, type QueueState } from "./queue";
import { OFFLINE_NOUNS } from "./rules";
import { readQueue, updateQueue } from "./store";

/** The next entry to send for this person: always their oldest, so the server sees the taps in order. */
export function nextEntry(state: QueueState, owner?: string | null): OfflineEntry | null {
  return state.entries.find(ownedBy(owner)) ?? null;
}

/** The server answered (recorded, or a correction request): the entry leaves the queue. */
export function markSent(state: QueueState, id: string): QueueState {
  return { ...state, entries: state.entries.filter((e) => e.id !== id) };
}

/** No network, a timeout or a 5xx: keep the entry where it is and count the attempt. */
export function markRetry(state: QueueState, id: string): QueueState {
  return { ...state, entries: state.entries.map((e) => (e.id === id ? { ...e, attempts: e.attempts + 1 } : e)) };
}

/** The server refused the entry for good (4xx): out of the queue, into the failures to show. */
export function markFailed(state: QueueState, id: string, error: string): QueueState {
  const entry = state.entries.find((e) => e.id === id);
  if (!entry) return state;
  return { entries: state.entries.filter((e) => e.id !== id), failed: [...state.failed, { ...entry, error }] };
}

/** Whether an answer means "try again later" (kept) rather than a final answer (sent or failed). */
export function isRetryable(status: number | null): boolean {
  // null: no answer at all (offline, DNS, connection reset). 408/429/5xx: the server could not take it now.
  return status === null || status === 408 || status === 429 || status >= 500;
}

/** The body sent to the server for an entry: its payload plus the idempotency key and the device time. */
export function requestBody(entry: OfflineEntry): Record<string, unknown> {
  return { ...entry.payload, clientUuid: entry.id, deviceTime: entry.deviceTime };
}

export interface SendResult {
  /** null: no answer (offline, connection lost). */
  status: number | null;
  /** A 2xx answer's JSON body. */
  body?: unknown;
  /** A non-2xx answer, read the way the API client reads every refusal. */
  error?: ApiError;
}

export type Sender = (entry: OfflineEntry, body: Record<string, unknown>) => Promise<SendResult>;

export interface ReplayReport {
  sent: { entry: OfflineEntry; status: number; body: unknown }[];
  failed: { entry: OfflineEntry; message: string }[];
  /** Entries still waiting (the run stopped on a retryable answer, or none was tried). */
  remaining: number;
}

const messageOf = (result: SendResult, status: number, entry: OfflineEntry) =>
  result.error?.serverMessage || `The server refused this ${OFFLINE_NOUNS[entry.kind]} (${status}).`;

/** Runs the person's queue once to its end or its first retryable failure. */
export async function replayQueue(send: Sender, owner?: string | null): Promise<ReplayReport> {
  const run = async (): Promise<ReplayReport> => {
    const report: ReplayReport = { sent: [], failed: [], remaining: 0 };
    for (let entry = nextEntry(readQueue(), owner); entry; entry = nextEntry(readQueue(), owner)) {
      let result: SendResult;
      try {
        result = await send(entry, requestBody(entry));
      } catch {
        result = { status: null };
      }
      if (isRetryable(result.status)) {
        updateQueue((state) => markRetry(state, entry!.id));
        break;
      }
      const status = result.status as number;
      if (status >= 200 && status < 300) {
        updateQueue((state) => markSent(state, entry!.id));
        report.sent.push({ entry, status, body: result.body });
      } else {
        const message = messageOf(result, status, entry);
        updateQueue((state) => markFailed(state, entry!.id, message));
        report.failed.push({ entry, message });
      }
    }
    report.remaining = entriesOf(readQueue(), owner).length;
    return report;
  };
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request("bfs-offline-queue", run) : run();
}
