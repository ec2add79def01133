/**
 * My runs of the day as this phone last saw them, for /runs/today without a signal (vans lose it
 * between stops; the service worker keeps the page, this record its runs): the whole answer of
 * GET /api/runs/today (a reference run of 50 stops and 200 pets is about 100 KB) in localStorage,
 * written whenever that answer arrives (useTodayRuns). Another person's answer replaces the whole
 * record; a record of another day is not shown; signing out forgets it (forgetKeptOnDevice).
 * docs/runs.md.
 */
import type { TodayRuns } from "@/lib/validations/runs";

export const KEPT_MY_RUNS_KEY = "bfs.keptMyRuns.v1";

export interface KeptMyRuns {
  /** Whose runs (null when the page did not know the person yet). */
  userId: string | null;
  /** When the server gave them (ms since the epoch). */
  at: number;
  today: TodayRuns;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isKept(value: unknown): value is KeptMyRuns {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<KeptMyRuns>;
  return (
    (v.userId === null || typeof v.userId === "string") &&
    typeof v.at === "number" &&
    !!v.today &&
    typeof v.today.date === "string" &&
    Array.isArray(v.today.runs) &&
    v.today.runs.every((r) => r && typeof r.id === "string" && Array.isArray(r.stops))
  );
}

let cached: { raw: string | null; value: KeptMyRuns | null } | null = null;

/** The kept record, or null (none, another format, or unreadable): the same object until it changes. */
export function readKeptMyRuns(): KeptMyRuns | null {
  const raw = storage()?.getItem(KEPT_MY_RUNS_KEY) ?? null;
  if (cached && cached.raw === raw) return cached.value;
  let value: KeptMyRuns | null = null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    value = isKept(parsed) ? parsed : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

/** Keeps the server's answer for this person. */
export function keepMyRuns(userId: string | null, today: TodayRuns, at: number): void {
  try {
    storage()?.setItem(KEPT_MY_RUNS_KEY, JSON.stringify({ userId, at, today }));
  } catch {
    // Storage full or refused: the page simply has nothing newer to show offline.
  }
}

/**
 * The kept runs when they are this person's and of `todayKey` (`userId` null: the person is not
 * known offline; the record is the last signed-in person's, as the kept page is).
 */
export function keptRunsFor(kept: KeptMyRuns | null, userId: string | null, todayKey: string): KeptMyRuns | null {
  if (!kept) return null;
  if (userId && kept.userId && kept.userId !== userId) return null;
  if (kept.today.date !== todayKey) return null;
  return kept;
}

/** Signing out: nothing of this person stays for the next one to see. */
export function forgetKeptMyRuns(): void {
  try {
    storage()?.removeItem(KEPT_MY_RUNS_KEY);
  } catch {
    // Unreadable storage kept nothing.
  }
}
