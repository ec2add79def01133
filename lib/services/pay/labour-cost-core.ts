import "server-only";
import { addDays, BUSINESS_TIME_ZONE, WEEK_STARTS_ON, weekStart, type DateKey } from "@/lib/dates";
import { rangeInstants, startOfDay } from "@/lib/dates/instants";
import { db, hotPathPool } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { costDay, costTaskMinutes, type DayCost, type DayMinutes, type RateFacts } from "@/lib/pay/cost";
import { computeDays } from "@/lib/time/calc";
import { loadRuleContext } from "@/lib/services/time/figures";
import { loadPunches } from "@/lib/services/time/load-time";
import { getTimePolicy } from "@/lib/services/time/policy";
import { paidTimeOffOf } from "@/lib/services/time/time-off-hours";
import { loadRates } from "./pay-access";

const MINUTE_MS = 60_000;

/** A member's day: its minutes as the time card counts them and what they cost (unrounded). */
export interface CostedMemberDay {
  minutes: DayMinutes;
  cost: DayCost;
}

/** A part of a task time entry on one business day, costed at the member's rate for the task's department. */
export interface TaskPart {
  userId: string;
  date: DateKey;
  minutes: number;
  cents: number;
  centsPerHour: number;
  multiplier: number;
  rated: boolean;
  task: { id: string; displayNumber: number | null; title: string; isPrivate: boolean; createdById: string; deletedAt: Date | null; unitId: string; projectId: string | null; processRunId: string | null };
}

export interface CostedRange {
  from: DateKey;
  to: DateKey;
  /** member id -> day -> the day's minutes and cost (days with no time left out). */
  days: Map<string, Map<DateKey, CostedMemberDay>>;
  tasks: TaskPart[];
  rates: Map<string, RateFacts[]>;
}

/** The business zone's local midnights of the days `from` to `to` and the one after, worked out once per range. */
function midnightsOf(from: DateKey, to: DateKey): { date: DateKey; ms: number }[] {
  const out: { date: DateKey; ms: number }[] = [];
  for (let date = from; date <= addDays(to, 1); date = addDays(date, 1)) out.push({ date, ms: startOfDay(date, BUSINESS_TIME_ZONE).getTime() });
  return out;
}

/**
 * [start, end) split at those midnights, each part with its day; `start` and `end` lie within
 * them (entries are clipped to the range first). A binary search finds the first day: an entry
 * is split with array reads, not one time-zone lookup per piece.
 */
function splitByDay(start: number, end: number, midnights: { date: DateKey; ms: number }[]): { date: DateKey; ms: number }[] {
  const out: { date: DateKey; ms: number }[] = [];
  let lo = 0;
  let hi = midnights.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (midnights[mid]!.ms <= start) lo = mid;
    else hi = mid - 1;
  }
  for (let i = lo, cursor = start; cursor < end && i < midnights.length - 1; i++) {
    const stop = Math.min(end, midnights[i + 1]!.ms);
    out.push({ date: midnights[i]!.date, ms: stop - cursor });
    cursor = stop;
  }
  return out;
}

/** The members with worked time or approved paid time off in [from, to]. One query. */
export async function membersWithTime(from: DateKey, to: DateKey): Promise<string[]> {
  const { startsAt, endsAt } = rangeInstants(from, to, BUSINESS_TIME_ZONE);
  const rows = await db.$queryRaw<{ user_id: string }[]>`
    SELECT DISTINCT user_id FROM punch_sessions
     WHERE tstzrange(punch_in_at, COALESCE(punch_out_at, 'infinity'), '[)') && tstzrange(${startsAt}::timestamptz, ${endsAt}::timestamptz, '[)')
    UNION
    SELECT DISTINCT r.user_id FROM time_off_requests r JOIN time_off_types t ON t.id = r.type_id
     WHERE r.status = 'approved' AND t.paid AND r.start_day <= ${to}::date AND r.end_day >= ${from}::date`;
  return rows.map((r) => r.user_id);
}

/** The tasks of one department, project or process run: the drill-downs' narrowing of the task entries read. */
export type TaskFilter = { organizationalUnitId: string } | { projectId: string } | { processRunId: string };

interface EntryRow {
  user_id: string;
  started_ms: number;
  ended_ms: number | null;
  task_id: string;
  display_number: number | null;
  title: string;
  is_private: boolean;
  created_by_id: string;
  deleted_at: Date | null;
  unit_id: string;
  project_id: string | null;
  process_run_id: string | null;
}

/**
 * The task time entries of `userIds` overlapping `visible`, each with its task (one object per
 * task). An entry lies inside its punch (a constraint trigger), so it starts no earlier than the
 * first punch that overlaps the range: that instant bounds the index range (user_id, started_at)
 * from below, where "ended after the range's start" alone would read every earlier entry of each
 * member (two years on the bench data). Through node-postgres, the instants as epoch milliseconds
 * (a number parses in a fraction of a timestamp's time): a pay period of 200 members is some 8,000
 * rows, which Prisma maps in several times the CPU (docs/time.md "Speed").
 */
async function loadTaskEntries(
  userIds: readonly string[],
  punches: readonly { punchInAt: Date; punchOutAt: Date | null }[],
  visible: { startsAt: Date; endsAt: Date },
  now: Date,
  filter?: TaskFilter,
): Promise<{ userId: string; startedMs: number; endedMs: number | null; task: TaskPart["task"] }[]> {
  let earliest = Infinity;
  for (const p of punches) {
    if (p.punchInAt < visible.endsAt && (p.punchOutAt ?? now) > visible.startsAt) earliest = Math.min(earliest, p.punchInAt.getTime());
  }
  if (userIds.length === 0 || earliest === Infinity) return [];
  const narrowed = !filter
    ? Prisma.empty
    : "organizationalUnitId" in filter
      ? Prisma.sql`AND t.organizational_unit_id = ${filter.organizationalUnitId}::uuid`
      : "projectId" in filter
        ? Prisma.sql`AND t.project_id = ${filter.projectId}::uuid`
        : Prisma.sql`AND t.process_run_id = ${filter.processRunId}::uuid`;
  const statement = Prisma.sql`
    SELECT e.user_id, (extract(epoch FROM e.started_at) * 1000)::float8 AS started_ms, (extract(epoch FROM e.ended_at) * 1000)::float8 AS ended_ms, e.task_id, t.display_number, t.title, t.is_private, t.created_by_id,
           t.deleted_at, t.organizational_unit_id AS unit_id, t.project_id, t.process_run_id
      FROM task_time_entries e JOIN tasks t ON t.id = e.task_id
     WHERE e.user_id = ANY(${[...userIds]}::uuid[])
       AND e.started_at >= ${new Date(earliest)} AND e.started_at < ${visible.endsAt}
       AND (e.ended_at IS NULL OR e.ended_at > ${visible.startsAt}) ${narrowed}`;
  const { rows } = await hotPathPool().query<EntryRow>(statement.text, statement.values);
  const tasks = new Map<string, TaskPart["task"]>();
  return rows.map((r) => {
    let task = tasks.get(r.task_id);
    if (!task) {
      task = {
        id: r.task_id,
        displayNumber: r.display_number,
        title: r.title,
        isPrivate: r.is_private,
        createdById: r.created_by_id,
        deletedAt: r.deleted_at,
        unitId: r.unit_id,
        projectId: r.project_id,
        processRunId: r.process_run_id,
      };
      tasks.set(r.task_id, task);
    }
    return { userId: r.user_id, startedMs: r.started_ms, endedMs: r.ended_ms, task };
  });
}

/**
 * The labour cost of some members over [from, to] (docs/time.md "Pay rates and labour cost"): each
 * day's regular / overtime / paid-time-off minutes as the time card counts them (overtime from the
 * start of the first week), costed at the rate in force that day, and each task time entry's part
 * of a day costed at the rate for its department and the day's overtime mix. A fixed number of
 * queries whatever the head count; `filter` narrows the task entries loaded (a case's, a project's).
 */
export async function costRange(userIds: readonly string[], from: DateKey, to: DateKey, now: Date, filter?: TaskFilter): Promise<CostedRange> {
  const policy = await getTimePolicy();
  const window = rangeInstants(weekStart(from, WEEK_STARTS_ON), to, BUSINESS_TIME_ZONE);
  const visible = rangeInstants(from, to, BUSINESS_TIME_ZONE);
  const [punches, rules, timeOff, rates] = await Promise.all([
    loadPunches(userIds, window.startsAt, window.endsAt),
    loadRuleContext(userIds, weekStart(from, WEEK_STARTS_ON), to),
    paidTimeOffOf(userIds, from, to),
    loadRates(userIds),
  ]);
  const entries = await loadTaskEntries(userIds, punches, visible, now, filter);
  const punchesOf = Map.groupBy(punches, (p) => p.userId);
  const lo = visible.startsAt.getTime();
  const hi = Math.min(visible.endsAt.getTime(), now.getTime());

  // Task minutes by member, day and department (for the department's own rate).
  const parts: { userId: string; date: DateKey; minutes: number; task: TaskPart["task"] }[] = [];
  const midnights = midnightsOf(from, to);
  for (const e of entries) {
    const start = Math.max(e.startedMs, lo);
    const end = Math.min(e.endedMs ?? now.getTime(), hi);
    for (const piece of splitByDay(start, end, midnights)) parts.push({ userId: e.userId, date: piece.date, minutes: piece.ms / MINUTE_MS, task: e.task });
  }
  const unitMinutesOf = new Map<string, Map<string, number>>();
  for (const p of parts) {
    const key = `${p.userId}|${p.date}`;
    const units = unitMinutesOf.get(key) ?? new Map<string, number>();
    units.set(p.task.unitId, (units.get(p.task.unitId) ?? 0) + p.minutes);
    unitMinutesOf.set(key, units);
  }

  const days = new Map<string, Map<DateKey, CostedMemberDay>>();
  for (const userId of userIds) {
    const own = rates.get(userId) ?? [];
    // The same call as the time card's (lib/services/time/figures.ts), with the member's jurisdiction
    // rules and waivers, so double time and premium minutes agree with the card.
    const punchesOfMember = punchesOf.get(userId) ?? [];
    const computed = computeDays(punchesOfMember, policy, { timeZone: BUSINESS_TIME_ZONE, weekStartsOn: WEEK_STARTS_ON, now }, from, to, rules.optionsOf(userId, punchesOfMember, BUSINESS_TIME_ZONE));
    const pto = new Map<DateKey, number>();
    for (const type of timeOff.get(userId) ?? []) for (const d of type.days) pto.set(d.date, (pto.get(d.date) ?? 0) + d.hours * 60);
    const mine = new Map<DateKey, CostedMemberDay>();
    for (const d of computed) {
      const ptoMinutes = pto.get(d.date) ?? 0;
      if (d.workedMs === 0 && ptoMinutes === 0) continue;
      const units = unitMinutesOf.get(`${userId}|${d.date}`);
      const minutes: DayMinutes = {
        date: d.date,
        regularMinutes: d.regularMs / MINUTE_MS,
        overtimeMinutes: d.overtimeMs / MINUTE_MS,
        doubleTimeMinutes: d.doubleTimeMinutes,
        premiumMinutes: d.premiumMinutes,
        ptoMinutes,
        unitMinutes: units ? [...units].map(([unitId, m]) => ({ unitId, minutes: m })) : [],
      };
      mine.set(d.date, { minutes, cost: costDay(own, minutes) });
    }
    days.set(userId, mine);
  }

  const tasks: TaskPart[] = parts.map((p) => {
    const day = days.get(p.userId)?.get(p.date)?.minutes ?? { date: p.date, regularMinutes: p.minutes, overtimeMinutes: 0 };
    const cost = costTaskMinutes(rates.get(p.userId) ?? [], day, p.task.unitId, p.minutes);
    return { ...p, cents: cost?.cents ?? 0, centsPerHour: cost?.centsPerHour ?? 0, multiplier: cost?.multiplier ?? 1, rated: cost !== null };
  });
  return { from, to, days, tasks, rates };
}

/** The unrounded cost and minutes of every day of a costed range (worked and paid time off). */
export function rangeTotals(range: CostedRange): { cents: number; minutes: number; unratedMinutes: number } {
  let cents = 0;
  let minutes = 0;
  let unratedMinutes = 0;
  for (const mine of range.days.values()) {
    for (const d of mine.values()) {
      cents += d.cost.cents;
      minutes += d.minutes.regularMinutes + d.minutes.overtimeMinutes + (d.minutes.doubleTimeMinutes ?? 0) + (d.minutes.ptoMinutes ?? 0) + (d.minutes.premiumMinutes ?? 0);
      unratedMinutes += d.cost.unratedMinutes;
    }
  }
  return { cents, minutes, unratedMinutes };
}
