import "server-only";
import { cacheEpoch, countLookup, onPayChange, type PayChange } from "./member-versions";

/**
 * GET /api/labour-cost's answers per process, for ranges wholly in the past (docs/time.md
 * "Speed"): a pay period already over changes only when somebody corrects it, and a bookkeeper
 * reviewing last period's cost by department, project or case opens it again and again.
 * Triggers (migration 20261210110000) announce every statement that could change a figure: a
 * punch or task clock written, with the span of time its rows cover (an entry overlapping it
 * ends), and rates, the policy and its rules, paid time off, waivers, a task's department,
 * project or run, and the names of the groups (every entry ends). An answer is kept only when no
 * announcement arrived while it was read and the listener is healthy (the member versions'
 * epoch), so the staleness bound is theirs: zero for this process's writes, the NOTIFY's delivery
 * for another instance's, 3 s while a listener is silently dead. A range reaching now is never
 * kept: an open punch's minutes grow without a write.
 */
interface Entry {
  answer: unknown;
  epoch: number;
  /** The instants the figures read, from the first week's start: a change inside them ends the entry. */
  lo: number;
  hi: number;
}

const MAX_ENTRIES = 64;
const globalForCosts = globalThis as unknown as { bfsLabourCostCache?: { entries: Map<string, Entry>; changes: number } };
const cache = (globalForCosts.bfsLabourCostCache ??= { entries: new Map(), changes: 0 });

onPayChange((change: PayChange) => {
  cache.changes++;
  for (const [key, entry] of cache.entries) {
    if (change === null || (change.lo < entry.hi && entry.lo < change.hi)) cache.entries.delete(key);
  }
});

/**
 * The answer for `key`, read by `read` unless kept. `window` is what the figures depend on (the
 * range from its first week's start, as instants); `now` decides whether the range is over.
 */
export async function labourCostAnswer<T>(key: string, window: { startsAt: Date; endsAt: Date }, now: Date, read: () => Promise<T>): Promise<T> {
  const epoch = cacheEpoch();
  const entry = cache.entries.get(key);
  if (entry !== undefined && epoch !== null && entry.epoch === epoch) {
    countLookup("labourCost", "hit");
    return entry.answer as T;
  }
  const over = window.endsAt.getTime() <= now.getTime();
  countLookup("labourCost", epoch === null || !over ? "bypass" : "miss");
  const changes = cache.changes;
  const answer = await read();
  if (over && epoch !== null && cacheEpoch() === epoch && cache.changes === changes) {
    if (!cache.entries.has(key) && cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(key, { answer, epoch, lo: window.startsAt.getTime(), hi: window.endsAt.getTime() });
  }
  return answer;
}

/** Tests: forget everything. */
export function clearLabourCostCache(): void {
  cache.entries.clear();
}
