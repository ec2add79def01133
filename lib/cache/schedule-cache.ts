import "server-only";
import { createHash } from "node:crypto";
import { cacheEpoch, countLookup, scheduleGeneration } from "./member-versions";

/**
 * GET /api/schedule's answer per process (docs/schedules.md "Performance"): the JSON text of one
 * week for one set of departments, kept until anything the grid shows changes. Triggers
 * (migration 20261210100000) announce every statement that writes shifts, time off, availability,
 * memberships, members' names, departments, posts or the overtime threshold; an entry is answered
 * only while no announcement has been heard since its read began and the listener is healthy (the
 * member versions' epoch), so the bound on staleness is theirs: zero for this process's own writes,
 * the NOTIFY's delivery for another instance's, 3 s while a listener is silently dead.
 * The grid of a whole organization is about a megabyte of JSON; building it is most of the cost.
 */
export interface WeekAnswer {
  body: string;
  /** A weak validator of exactly this body. */
  etag: string;
}

interface Entry extends WeekAnswer {
  generation: number;
  epoch: number;
}

/** A handful of weeks × department sets: an entry can be a megabyte. */
const MAX_ENTRIES = 16;
const globalForWeeks = globalThis as unknown as { bfsScheduleCache?: Map<string, Entry> };
const entries = (globalForWeeks.bfsScheduleCache ??= new Map());

/** The answer for `key` (the week, the caller's departments, the filter), from here or from `read`. */
export async function scheduleWeekAnswer(key: string, read: () => Promise<unknown>): Promise<WeekAnswer> {
  const epoch = cacheEpoch();
  const generation = scheduleGeneration();
  const entry = entries.get(key);
  if (entry !== undefined && epoch !== null && entry.epoch === epoch && entry.generation === generation) {
    countLookup("schedule", "hit");
    return entry;
  }
  countLookup("schedule", epoch === null ? "bypass" : "miss");
  const body = JSON.stringify(await read());
  const answer: Entry = { body, etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`, generation, epoch: epoch ?? -1 };
  // Kept only when nothing was announced while it was read (the read may not have seen that change).
  if (epoch !== null && cacheEpoch() === epoch && scheduleGeneration() === generation) {
    if (!entries.has(key) && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, answer);
  }
  return answer;
}

/** Tests: forget everything. */
export function clearScheduleCache(): void {
  entries.clear();
}
