import "server-only";
import { addDays, BUSINESS_TIME_ZONE, daysBetween, eachDay, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { titleForReader } from "@/lib/tasks/task-title";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/app-error";
import { DEACTIVATED_REASON } from "@/lib/punch/reason";
import { isTaskVisible } from "@/lib/services/visibility/tasks";
import {
  computeDays,
  countedEnd,
  dayOf,
  findBreaks,
  payPeriodOf,
  sumDays,
  type DateKey,
  type PayPeriod,
  type TimePolicyValues,
} from "@/lib/time/calc";
import { rangeInstants } from "@/lib/dates/instants";
import { MAX_RANGE_DAYS, type ResolvedRange, type TimeLog, type TimeLogQuery } from "@/lib/validations/time";
import { loadPunches, type PunchRow } from "./load-time";
import { loadRuleContext } from "./figures";
import { getTimePolicyCached } from "./policy";
import { memberForTime, type TimeMember } from "./scope";


/** The days a query covers, in the business time zone. */
export function resolveRange(query: Pick<TimeLogQuery, "range" | "date" | "from" | "to">, policy: TimePolicyValues, today: DateKey): ResolvedRange {
  const date = query.date ?? today;
  switch (query.range) {
    case "day":
      return { kind: "day", from: date, to: date, previous: addDays(date, -1), next: addDays(date, 1) };
    case "period": {
      const p = payPeriodOf(date, policy);
      return { kind: "period", ...rangeOf(p), previous: addDays(p.start, -1), next: addDays(p.end, 1) };
    }
    case "custom": {
      const from = query.from ?? date;
      const to = query.to ?? from;
      if (to < from) throw badRequest("to must be on or after from");
      const length = daysBetween(from, to) + 1;
      if (length > MAX_RANGE_DAYS) throw badRequest(`A range covers at most ${MAX_RANGE_DAYS} days`);
      return { kind: "custom", from, to, previous: addDays(from, -length), next: addDays(to, 1) };
    }
    default: {
      const start = weekStart(date, WEEK_STARTS_ON);
      return { kind: "week", from: start, to: addDays(start, 6), previous: addDays(start, -7), next: addDays(start, 7) };
    }
  }
}

const rangeOf = (p: PayPeriod) => ({ from: p.start, to: p.end });

/** The answer's parts, as the contract (timeLogSchema) declares them. */
type DayLine = TimeLog["days"][number];
type PunchLine = DayLine["punches"][number];
type TimeEditLine = PunchLine["edits"][number];

interface BuildInput {
  caller: Pick<Caller, "userId" | "role">;
  /** The member, or the pending scoped lookup (run alongside the reads; its 404 wins). */
  member: TimeMember | Promise<TimeMember>;
  memberId: string;
  range: ResolvedRange;
  policy: TimePolicyValues;
  now: Date;
}

/** Builds the day view of one member over a resolved range (also the time card's drill-down). */
export async function buildTimeLog({ caller, member: memberLookup, memberId, range, policy, now }: BuildInput): Promise<TimeLog> {
  const timeZone = BUSINESS_TIME_ZONE;
  const window = rangeInstants(weekStart(range.from, WEEK_STARTS_ON), range.to, timeZone);
  const visible = rangeInstants(range.from, range.to, timeZone);
  // Two statements whatever the range, side by side with the member lookup: the punches (shared
  // with the time card), and everything else as JSON in one round trip (task time and edits
  // through the punches, with the punches' GiST condition; locks, corrections, the banner's
  // flagged punches). One statement instead of five: at 25 requests/s the per-query cost of the
  // driver and the socket writes was a third of the read.
  const overlaps = Prisma.sql`tstzrange(p.punch_in_at, COALESCE(p.punch_out_at, 'infinity'), '[)') && tstzrange(${window.startsAt}::timestamptz, ${window.endsAt}::timestamptz, '[)')`;
  const [member, punches, rules, [related]] = await Promise.all([
    memberLookup,
    loadPunches([memberId], window.startsAt, window.endsAt),
    // The break and overtime rules of the member's days (docs/time.md "Break and overtime rules by jurisdiction").
    loadRuleContext([memberId], range.from, range.to),
    db.$queryRaw<[RelatedJson]>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object(
                  'id', e.id, 'punch_session_id', e.punch_session_id, 'started_at', e.started_at, 'ended_at', e.ended_at,
                  'task_id', t.id, 'display_number', t.display_number, 'title', t.title, 'is_private', t.is_private,
                  'created_by_id', t.created_by_id, 'deleted_at', t.deleted_at) ORDER BY e.started_at), '[]')
           FROM punch_sessions p
           JOIN task_time_entries e ON e.punch_session_id = p.id
           JOIN tasks t ON t.id = e.task_id
          WHERE p.user_id = ${memberId}::uuid AND ${overlaps}) AS entries,
        (SELECT coalesce(json_agg(json_build_object(
                  'id', x.id, 'action', x.action, 'reason', x.reason, 'created_at', x.created_at, 'entity_type', x.entity_type,
                  'entity_id', x.entity_id, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY x.created_at), '[]')
           FROM punch_sessions p
           JOIN time_edits x ON x.punch_session_id = p.id
           JOIN users u ON u.id = x.edited_by_id
          WHERE p.user_id = ${memberId}::uuid AND ${overlaps}) AS edits,
        (SELECT coalesce(json_agg(json_build_object(
                  'period_start', l.period_start, 'period_end', l.period_end, 'starts_at', l.starts_at, 'ends_at', l.ends_at, 'locked_at', l.locked_at) ORDER BY l.starts_at), '[]')
           FROM pay_period_locks l
          WHERE l.user_id = ${memberId}::uuid AND l.locked_at IS NOT NULL AND l.unlocked_at IS NULL
            AND l.starts_at < ${visible.endsAt}::timestamptz AND l.ends_at > ${visible.startsAt}::timestamptz) AS locks,
        (SELECT coalesce(json_agg(c ORDER BY c.created_at DESC), '[]') FROM (
           SELECT c.id, c.punch_session_id, c.requested_in_at, c.requested_out_at, c.reason, c.status, c.decision_note, c.created_at
             FROM time_correction_requests c
            WHERE c.user_id = ${memberId}::uuid AND c.requested_in_at < ${visible.endsAt}::timestamptz AND c.requested_out_at > ${visible.startsAt}::timestamptz
            ORDER BY c.created_at DESC LIMIT 50) c) AS corrections,
        (SELECT coalesce(json_agg(a ORDER BY a.punch_in_at DESC), '[]') FROM (
           SELECT f.id, f.punch_in_at, f.auto_closed
             FROM punch_sessions f
            WHERE f.user_id = ${memberId}::uuid AND f.punch_in_at >= ${new Date(now.getTime() - 90 * 86_400_000)}::timestamptz
              AND f.flagged_at IS NOT NULL AND (f.punch_out_at IS NULL OR f.auto_closed)
            ORDER BY f.punch_in_at DESC LIMIT 5) a) AS attention,
        (SELECT coalesce(json_agg(json_build_object(
                  'id', s.id, 'starts_at', s.starts_at, 'ends_at', s.ends_at, 'role_label', s.role_label, 'place', coalesce(ps.name, s.punch_location), 'unit_name', o.name) ORDER BY s.starts_at), '[]')
           FROM shifts s
           JOIN organizational_units o ON o.id = s.unit_id
           LEFT JOIN punch_stations ps ON ps.location = s.punch_location
          WHERE s.user_id = ${memberId}::uuid AND s.status = 'published'
            AND s.starts_at >= ${visible.startsAt}::timestamptz AND s.starts_at < ${visible.endsAt}::timestamptz) AS shifts`,
  ]);
  const entries = related.entries.map((e) => ({ ...e, started_at: new Date(e.started_at), ended_at: e.ended_at ? new Date(e.ended_at) : null }));
  const edits = related.edits;
  const locks = related.locks.map((l) => ({ periodStart: l.period_start, periodEnd: l.period_end, startsAt: new Date(l.starts_at), endsAt: new Date(l.ends_at), lockedAt: l.locked_at }));
  const corrections = related.corrections;
  const attention = related.attention;
  // Punches listed on the days of the range: those overlapping it (the earlier ones only count for weekly overtime).
  const shown = punches.filter((p) => p.punchInAt < visible.endsAt && countedEndDate(p, now) >= visible.startsAt);
  const editLine = (e: EditRow): TimeEditLine => ({
    id: e.id,
    action: e.action,
    reason: e.reason,
    editedBy: `${e.first_name} ${e.last_name}`.trim(),
    createdAt: new Date(e.created_at).toISOString(),
  });

  const days = computeDays(punches, policy, { timeZone, weekStartsOn: WEEK_STARTS_ON, now }, range.from, range.to, rules.optionsOf(memberId, punches, timeZone));
  const byDay = new Map<DateKey, DayLine>(days.map((d) => [d.date, { ...d, punches: [], breaks: [], shifts: [] }]));
  // The member's published shifts beside the punches, on the day each starts (docs/schedules.md "Attendance").
  for (const s of related.shifts) {
    byDay.get(dayOf(new Date(s.starts_at), timeZone))?.shifts.push({ id: s.id, startsAt: iso(s.starts_at), endsAt: iso(s.ends_at), roleLabel: s.role_label, placeName: s.place, unitName: s.unit_name });
  }
  const isLocked = (p: PunchRow) => locks.some((l) => p.punchInAt < l.endsAt && countedEndDate(p, now) > l.startsAt);
  const flags = { open: 0, forgotten: 0, autoClosed: 0, edited: 0, locked: 0 };

  for (const p of shown) {
    const punchEdits = edits.filter((e) => e.entity_type === "punch_session" && e.entity_id === p.id).map(editLine);
    const line: PunchLine = {
      id: p.id,
      punchInAt: p.punchInAt.toISOString(),
      punchOutAt: p.punchOutAt?.toISOString() ?? null,
      inSource: p.inSource,
      outSource: p.outSource,
      inLocation: p.inLocation,
      outLocation: p.outLocation,
      outReason: p.outReason,
      outReasonOther: p.outReasonOther,
      ms: countedEnd(p, now) - p.punchInAt.getTime(),
      flags: {
        open: p.punchOutAt === null,
        forgotten: p.flaggedAt !== null,
        autoClosed: p.autoClosed,
        deactivated: p.outReason === DEACTIVATED_REASON,
        offline: p.recordedOfflineAt !== null,
        edited: punchEdits.length > 0,
        locked: isLocked(p),
      },
      edits: punchEdits,
      entries: entries
        .filter((e) => e.punch_session_id === p.id)
        .map((e) => {
          const seen = isTaskVisible(caller, { isPrivate: e.is_private, createdById: e.created_by_id, deletedAt: e.deleted_at });
          return {
            id: e.id,
            task: { id: e.task_id, displayNumber: e.display_number, title: titleForReader(seen, e.title), visible: seen },
            startedAt: e.started_at.toISOString(),
            endedAt: e.ended_at?.toISOString() ?? null,
            ms: (e.ended_at ?? now).getTime() - e.started_at.getTime(),
            edits: edits.filter((x) => x.entity_type === "task_time_entry" && x.entity_id === e.id).map(editLine),
          };
        }),
    };
    if (line.flags.open) flags.open++;
    if (line.flags.forgotten) flags.forgotten++;
    if (line.flags.autoClosed) flags.autoClosed++;
    if (line.flags.edited || line.entries.some((e) => e.edits.length > 0)) flags.edited++;
    if (line.flags.locked) flags.locked++;
    const day = dayOf(p.punchInAt, timeZone);
    byDay.get(day < range.from ? range.from : day)?.punches.push(line);
  }
  for (const b of findBreaks(punches, policy, timeZone)) {
    byDay.get(dayOf(b.startsAt, timeZone))?.breaks.push({
      reason: b.reason,
      startsAt: b.startsAt.toISOString(),
      endsAt: b.endsAt.toISOString(),
      paidMs: b.paidMs,
      unpaidMs: b.unpaidMs,
    });
  }

  const dayLines = eachDay(range.from, range.to).map((d) => byDay.get(d)!);
  return {
    member,
    range,
    timeZone,
    policy,
    days: dayLines,
    totals: sumDays(days),
    flags,
    locks: locks.map((l) => ({ start: l.periodStart, end: l.periodEnd, lockedAt: l.lockedAt ? iso(l.lockedAt) : null })),
    attention: attention.map((a) => ({ id: a.id, punchInAt: iso(a.punch_in_at), autoClosed: a.auto_closed })),
    corrections: corrections.map((c) => ({
      id: c.id,
      punchId: c.punch_session_id,
      requestedInAt: iso(c.requested_in_at),
      requestedOutAt: iso(c.requested_out_at),
      reason: c.reason,
      status: c.status,
      decisionNote: c.decision_note,
      createdAt: iso(c.created_at),
    })),
  };
}

/** A JSON timestamp from Postgres ("2026-11-23T05:00:00.123+00:00") as the API's ISO form. */
const iso = (value: string) => new Date(value).toISOString();

/** The reads beside the punches, as the statement's JSON columns (timestamps are strings). */
interface RelatedJson {
  entries: Array<{
    id: string;
    punch_session_id: string;
    started_at: string;
    ended_at: string | null;
    task_id: string;
    display_number: number;
    title: string;
    is_private: boolean;
    created_by_id: string;
    deleted_at: string | null;
  }>;
  edits: EditRow[];
  locks: Array<{ period_start: string; period_end: string; starts_at: string; ends_at: string; locked_at: string | null }>;
  corrections: Array<{
    id: string;
    punch_session_id: string | null;
    requested_in_at: string;
    requested_out_at: string;
    reason: string;
    status: string;
    decision_note: string | null;
    created_at: string;
  }>;
  attention: Array<{ id: string; punch_in_at: string; auto_closed: boolean }>;
  shifts: Array<{ id: string; starts_at: string; ends_at: string; role_label: string | null; place: string | null; unit_name: string }>;
}

interface EditRow {
  id: string;
  action: string;
  reason: string;
  created_at: string;
  entity_type: string;
  entity_id: string;
  first_name: string;
  last_name: string;
}
const countedEndDate = (p: PunchRow, now: Date) => new Date(p.punchOutAt ? p.punchOutAt.getTime() : Math.max(now.getTime(), p.punchInAt.getTime()));

/** GET /api/time/logs: one member's time over a range (staff: their own; see scope.ts). */
export async function getTimeLog(caller: Pick<Caller, "userId" | "role">, query: TimeLogQuery, now = new Date()): Promise<TimeLog> {
  // Validate the range before any read; the scoped member lookup runs with the reads (its 404 wins).
  const policy = await getTimePolicyCached();
  const range = resolveRange(query, policy, dayOf(now, BUSINESS_TIME_ZONE));
  const memberId = query.userId ?? caller.userId;
  return buildTimeLog({ caller, member: memberForTime(caller, memberId), memberId, range, policy, now });
}
