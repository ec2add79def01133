/**
 * The device's queue of writes made without a signal (punches and case scans, one queue in tap order). Pure
 * logic over an array of entries, kept in order of the taps; the store (./store.ts) persists the
 * array and the replayer (./replay.ts) sends it. Every entry carries the client's uuid (the
 * server's idempotency key: a retry never writes twice) and the device's time of the tap.
 */
import type { OfflineKind } from "./rules";

export interface OfflineEntry<P = Record<string, unknown>> {
  /** A client-made uuid: the server's key for this write. */
  id: string;
  kind: OfflineKind;
  /** ISO time of the tap on the device's clock. */
  deviceTime: string;
  /** The request body without clientUuid/deviceTime (added when sent). */
  payload: P;
  /** What the write is addressed to when its path names it (a case scan: the case number, tag serial or label token). */
  target?: string;
  /**
   * Who tapped (the signed-in user's id; null when the page did not know it). Only that person's
   * session sends it: a phone shared by two people never sends one's punch as the other's.
   */
  owner: string | null;
  /** Failed sends so far (network errors); the entry stays first in line. */
  attempts: number;
  /** The last error's message when the server refused the entry for good (it then leaves the queue). */
  error?: string;
}

export interface QueueState {
  entries: OfflineEntry[];
  /** Entries the server refused for good (400/403/409 ...), kept to tell the person once. */
  failed: OfflineEntry[];
}

export const EMPTY_QUEUE: QueueState = { entries: [], failed: [] };

/** Adds a write at the end; the same id twice keeps the first (a double tap stores one entry). */
export function enqueue(state: QueueState, entry: Omit<OfflineEntry, "attempts">): QueueState {
  if (state.entries.some((e) => e.id === entry.id)) return state;
  return { ...state, entries: [...state.entries, { ...entry, attempts: 0 }] };
}

export const ownedBy = (owner: string | null | undefined) => (entry: OfflineEntry) => entry.owner === null || owner === undefined || entry.owner === owner;

/** The entries of one person (all of them when `owner` is undefined), oldest first. */
export function entriesOf(state: QueueState, owner?: string | null): OfflineEntry[] {
  return state.entries.filter(ownedBy(owner));
}

export function dismissFailures(state: QueueState): QueueState {
  return { ...state, failed: [] };
}

interface PunchStatusLike {
  isPunchedIn: boolean;
  lastPunchIn: string | null;
  activeTask: unknown;
}

/**
 * The punch state the screen shows: the server's last known state with the queued punches
 * applied in order, so a punch saved on the phone shows at once (and after a reload offline).
 */
export function applyQueuedPunches<S extends PunchStatusLike>(status: S, entries: readonly OfflineEntry[]): S {
  let next = status;
  for (const entry of entries) {
    if (entry.kind === "punch-in") next = { ...next, isPunchedIn: true, lastPunchIn: entry.deviceTime, activeTask: null };
    else if (entry.kind === "punch-out") next = { ...next, isPunchedIn: false, activeTask: null };
  }
  return next;
}

/** Parses what the store read back; anything malformed is an empty queue rather than a crash. */
export function parseQueue(raw: string | null): QueueState {
  if (!raw) return EMPTY_QUEUE;
  try {
    const value = JSON.parse(raw) as Partial<QueueState>;
    const valid = (e: unknown): e is OfflineEntry =>
      typeof e === "object" && e !== null && typeof (e as OfflineEntry).id === "string" && typeof (e as OfflineEntry).kind === "string" && typeof (e as OfflineEntry).deviceTime === "string";
    return {
      entries: Array.isArray(value.entries) ? value.entries.filter(valid).map((e) => ({ ...e, attempts: Number(e.attempts) || 0, owner: e.owner ?? null })) : [],
      failed: Array.isArray(value.failed) ? value.failed.filter(valid) : [],
    };
  } catch {
    return EMPTY_QUEUE;
  }
}

/** A write kept on the phone instead of sent: the screens say "Saved on this phone — will send when online". */
export interface QueuedWrite {
  queued: true;
  entry: OfflineEntry;
}

export const isQueued = (value: unknown): value is QueuedWrite => typeof value === "object" && value !== null && (value as QueuedWrite).queued === true;
