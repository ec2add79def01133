/**
 * The time calculation, as pure functions: worked time, breaks, overtime, pay periods
 * and export rounding. Payroll is paid from these numbers, so everything is computed in whole
 * milliseconds from the stored instants and only formatted at the edge. No database, no clock:
 * the caller passes `now` and the business time zone (docs/time.md, "The calculation").
 *
 * - A **day** is a calendar day in the business time zone ("yyyy-MM-dd"); its length is whatever
 *   the zone says (23 h or 25 h on the DST changes). A punch across midnight is split at the
 *   local midnight and each part counts on its own day.
 * - **Worked time** of a day = punched time on that day + the paid part of its breaks. An open
 *   punch counts up to `now`; an auto-closed punch counts zero until it is corrected.
 * - A **break** is the gap between a punch closed with reason Lunch or Break and the member's
 *   next punch-in on the same day. Its paid part is at most the reason's paid minutes
 *   (0 = unpaid); the rest is the unpaid break. A Lunch with no return that day is no break.
 * - **Overtime**: daily overtime is the day's worked time above the daily threshold; weekly
 *   overtime is the week's *remaining regular* time above the weekly threshold, accrued in day
 *   order. An hour is overtime once, never twice (the daily part is taken out before the
 *   weekly count). Weeks start on `weekStartsOn` in the business zone, and a range is always
 *   computed from the start of its first week so mid-week ranges get the same answer.
 * - **Pay periods** are whole days, so a punch spanning two periods is split at the local
 *   midnight that starts the second one: each period's totals hold only its own days.
 * - **Rounding** (1, 5, 6 or 15 minutes, nearest, halves up) applies only to exported totals.
 */
import { addDays, dateKeyOf, dayOfWeek, daysBetween, eachDay, weekStart, type DateKey } from "@/lib/dates";
import { rangeInstants, startOfDay } from "@/lib/dates/instants";
import { dayBreakIssues, premiumOf, type BreakIssue, type BreakKind, type DayGap, type JurisdictionRules } from "./rules";

export type { DateKey };
export type PayPeriodKind = "weekly" | "biweekly" | "semimonthly";

export const BREAK_REASONS = ["Lunch", "Break"] as const;
export const ROUNDING_STEPS = [0, 1, 5, 6, 15] as const;

export interface TimePolicyValues {
  payPeriodKind: PayPeriodKind;
  /** First day of one pay period ("yyyy-MM-dd"); semi-monthly ignores it. */
  payPeriodAnchor: DateKey;
  lunchPaidMinutes: number;
  breakPaidMinutes: number;
  dailyOvertimeMinutes: number | null;
  weeklyOvertimeMinutes: number | null;
  forgottenPunchHours: number;
  autoCloseForgotten: boolean;
  exportRoundingMinutes: number;
}

export const DEFAULT_TIME_POLICY: TimePolicyValues = {
  payPeriodKind: "weekly",
  payPeriodAnchor: "2026-01-05",
  lunchPaidMinutes: 0,
  breakPaidMinutes: 15,
  dailyOvertimeMinutes: null,
  weeklyOvertimeMinutes: 40 * 60,
  forgottenPunchHours: 12,
  autoCloseForgotten: false,
  exportRoundingMinutes: 0,
};

/** How long a punch may run before it is a forgotten punch-out. */
export const forgottenLimitMs = (policy: Pick<TimePolicyValues, "forgottenPunchHours">) => policy.forgottenPunchHours * 3_600_000;

/**
 * A forgotten punch-out: a punch open, or that lasted, longer than the policy's limit. The one
 * definition: the forgotten-punch job flags by it and accountability counts by it.
 */
export const isForgottenPunch = (punch: { punchInAt: Date; punchOutAt: Date | null }, policy: Pick<TimePolicyValues, "forgottenPunchHours">, now: Date) =>
  (punch.punchOutAt ?? now).getTime() - punch.punchInAt.getTime() > forgottenLimitMs(policy);

export interface PunchInput {
  id: string;
  punchInAt: Date;
  punchOutAt: Date | null;
  outReason: string | null;
  autoClosed?: boolean;
}

export interface CalcContext {
  timeZone: string;
  /** 0 (Sunday) to 6 (Saturday). */
  weekStartsOn: number;
  now: Date;
}

export interface DayTotals {
  date: DateKey;
  /** Punched time on the day plus paid breaks. */
  workedMs: number;
  /** Worked time paid at the straight rate: workedMs = regularMs + overtimeMs + doubleTimeMinutes × 60 000. */
  regularMs: number;
  /** Worked time paid at 1.5× (daily, weekly or seventh-day overtime), double time excluded. */
  overtimeMs: number;
  /** Worked time paid at 2× (whole minutes; the seconds left over stay in overtime). */
  doubleTimeMinutes: number;
  /** Missed-break premium: minutes of pay owed on top of worked time (not worked time), waived ones left out. */
  premiumMinutes: number;
  paidBreakMs: number;
  unpaidBreakMs: number;
  /** Breaks the day's rules required and the punches do not show (missed, short, late); none while a punch of the day is open. */
  breakIssues: BreakIssue[];
}

/** What the jurisdiction engine adds to the calculation (lib/time/rules.ts); without it, only the policy's thresholds. */
export interface RuleOptions {
  /** The rules in force on a day (organization, department or punch post: lib/services/time/jurisdiction.ts). */
  rulesOf?: (date: DateKey) => JurisdictionRules;
  /** The break kinds an admin waived on a day (no premium for them). */
  waivedOf?: (date: DateKey) => ReadonlySet<BreakKind>;
}

const NOTHING_WAIVED: ReadonlySet<BreakKind> = new Set();

/** The lower of two thresholds, null meaning none. */
const lower = (a: number | null, b: number | null | undefined): number | null => (a === null ? (b ?? null) : b === null || b === undefined ? a : Math.min(a, b));

export interface RangeTotals {
  workedMs: number;
  regularMs: number;
  overtimeMs: number;
  doubleTimeMinutes: number;
  premiumMinutes: number;
  paidBreakMs: number;
  unpaidBreakMs: number;
  /** Days with worked time. */
  daysWorked: number;
}

const MINUTE = 60_000;

// --- calendar days ------------------------------------------------------------------------

/** The calendar day an instant falls on in `timeZone` (lib/dates' dateKeyOf). */
export const dayOf: (instant: Date | number, timeZone: string) => DateKey = dateKeyOf;

// --- pay periods --------------------------------------------------------------------------

export interface PayPeriod {
  start: DateKey;
  /** Last day, included. */
  end: DateKey;
}

/** The pay period containing `key`. */
export function payPeriodOf(key: DateKey, policy: Pick<TimePolicyValues, "payPeriodKind" | "payPeriodAnchor">): PayPeriod {
  if (policy.payPeriodKind === "semimonthly") {
    const month = key.slice(0, 7);
    if (Number(key.slice(8, 10)) <= 15) return { start: `${month}-01`, end: `${month}-15` };
    const nextMonth = addDays(`${month}-28`, 4).slice(0, 7);
    return { start: `${month}-16`, end: addDays(`${nextMonth}-01`, -1) };
  }
  const length = policy.payPeriodKind === "weekly" ? 7 : 14;
  const offset = Math.floor(daysBetween(policy.payPeriodAnchor, key) / length) * length;
  const start = addDays(policy.payPeriodAnchor, offset);
  return { start, end: addDays(start, length - 1) };
}

export const previousPayPeriod = (period: PayPeriod, policy: Pick<TimePolicyValues, "payPeriodKind" | "payPeriodAnchor">) =>
  payPeriodOf(addDays(period.start, -1), policy);
export const nextPayPeriod = (period: PayPeriod, policy: Pick<TimePolicyValues, "payPeriodKind" | "payPeriodAnchor">) =>
  payPeriodOf(addDays(period.end, 1), policy);

// --- the calculation ----------------------------------------------------------------------

/** Adds [start, end) to the days it covers, split at local midnights. */
function spread(into: Map<DateKey, number>, start: number, end: number, timeZone: string) {
  let cursor = start;
  while (cursor < end) {
    const day = dayOf(cursor, timeZone);
    const dayEnd = startOfDay(addDays(day, 1), timeZone).getTime();
    const stop = Math.min(end, dayEnd);
    into.set(day, (into.get(day) ?? 0) + (stop - cursor));
    cursor = stop;
  }
}

/** The end a punch counts up to: its punch-out, `now` while open, its start (zero) when auto-closed. */
export function countedEnd(punch: PunchInput, now: Date): number {
  if (punch.autoClosed) return punch.punchInAt.getTime();
  if (punch.punchOutAt) return punch.punchOutAt.getTime();
  return Math.max(now.getTime(), punch.punchInAt.getTime());
}

export interface BreakInput {
  /** The punch the break follows. */
  afterPunchId: string;
  reason: (typeof BREAK_REASONS)[number];
  startsAt: Date;
  endsAt: Date;
  paidMs: number;
  unpaidMs: number;
}

/** The breaks between consecutive punches (see the module comment). */
export function findBreaks(punches: readonly PunchInput[], policy: Pick<TimePolicyValues, "lunchPaidMinutes" | "breakPaidMinutes">, timeZone: string): BreakInput[] {
  const sorted = [...punches].sort((a, b) => a.punchInAt.getTime() - b.punchInAt.getTime());
  const breaks: BreakInput[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const punch = sorted[i];
    const next = sorted[i + 1];
    const reason = punch.outReason;
    if (!punch.punchOutAt || punch.autoClosed || (reason !== "Lunch" && reason !== "Break")) continue;
    if (dayOf(punch.punchOutAt, timeZone) !== dayOf(next.punchInAt, timeZone)) continue;
    const gap = next.punchInAt.getTime() - punch.punchOutAt.getTime();
    if (gap <= 0) continue;
    const cap = (reason === "Lunch" ? policy.lunchPaidMinutes : policy.breakPaidMinutes) * MINUTE;
    const paidMs = Math.min(gap, Math.max(0, cap));
    breaks.push({ afterPunchId: punch.id, reason, startsAt: punch.punchOutAt, endsAt: next.punchInAt, paidMs, unpaidMs: gap - paidMs });
  }
  return breaks;
}

/**
 * Daily totals for `from`..`to` (inclusive). `punches` must hold every punch of the member that
 * touches the range's first week (from its week start), so weekly overtime is right.
 */
export function computeDays(
  punches: readonly PunchInput[],
  policy: TimePolicyValues,
  ctx: CalcContext,
  from: DateKey,
  to: DateKey,
  options: RuleOptions = {},
): DayTotals[] {
  const first = weekStart(from, ctx.weekStartsOn);
  const { startsAt, endsAt } = rangeInstants(first, to, ctx.timeZone);
  const lo = startsAt.getTime();
  const hi = endsAt.getTime();

  const punched = new Map<DateKey, number>();
  const open = new Set<DateKey>();
  for (const punch of punches) {
    const start = Math.max(punch.punchInAt.getTime(), lo);
    const end = Math.min(countedEnd(punch, ctx.now), hi);
    if (end > start) spread(punched, start, end, ctx.timeZone);
    if (!punch.punchOutAt && !punch.autoClosed) for (const d of eachDay(dayOf(punch.punchInAt, ctx.timeZone), dayOf(Math.max(end, start), ctx.timeZone))) open.add(d);
  }
  const paidBreaks = new Map<DateKey, number>();
  const unpaidBreaks = new Map<DateKey, number>();
  const gaps = new Map<DateKey, DayGap[]>();
  for (const b of findBreaks(punches, policy, ctx.timeZone)) {
    const day = dayOf(b.startsAt, ctx.timeZone);
    paidBreaks.set(day, (paidBreaks.get(day) ?? 0) + b.paidMs);
    unpaidBreaks.set(day, (unpaidBreaks.get(day) ?? 0) + b.unpaidMs);
    const list = gaps.get(day) ?? [];
    list.push({ reason: b.reason, atWorkedMinutes: Math.floor(workedBefore(punches, day, b.startsAt.getTime(), ctx) / MINUTE), minutes: Math.floor((b.endsAt.getTime() - b.startsAt.getTime()) / MINUTE) });
    gaps.set(day, list);
  }

  const out: DayTotals[] = [];
  let weekRegular = 0;
  /** Consecutive days worked so far in this workweek (the seventh-day rule). */
  let streak = 0;
  for (const date of eachDay(first, to)) {
    if (dayOfWeek(date) === ctx.weekStartsOn) {
      weekRegular = 0;
      streak = 0;
    }
    const rules = options.rulesOf?.(date);
    const daily = lower(policy.dailyOvertimeMinutes, rules?.dailyOvertimeMinutes);
    const weeklyMinutes = lower(policy.weeklyOvertimeMinutes, rules?.weeklyOvertimeMinutes);
    const weekly = weeklyMinutes === null ? Infinity : weeklyMinutes * MINUTE;
    const paidBreakMs = paidBreaks.get(date) ?? 0;
    const workedMs = (punched.get(date) ?? 0) + paidBreakMs;
    streak = workedMs > 0 ? streak + 1 : 0;

    let doubleMs: number;
    let dailyOvertime: number;
    if (rules?.seventhDay && streak === 7) {
      // The seventh consecutive day of work in the workweek: no regular time at all.
      dailyOvertime = Math.min(workedMs, rules.seventhDay.overtimeUpToMinutes * MINUTE);
      doubleMs = workedMs - dailyOvertime;
    } else {
      doubleMs = rules?.dailyDoubleTimeMinutes ? Math.max(0, workedMs - rules.dailyDoubleTimeMinutes * MINUTE) : 0;
      dailyOvertime = daily === null ? 0 : Math.max(0, workedMs - daily * MINUTE) - doubleMs;
    }
    const regularBeforeWeekly = workedMs - dailyOvertime - doubleMs;
    const weeklyOvertime = Math.max(0, weekRegular + regularBeforeWeekly - weekly) - Math.max(0, weekRegular - weekly);
    weekRegular += regularBeforeWeekly;
    if (date < from) continue;
    // Double time in whole minutes; the seconds left over stay overtime, so the parts still add up.
    const doubleTimeMinutes = Math.floor(doubleMs / MINUTE);
    const breakIssues = rules && workedMs > 0 && !open.has(date) ? dayBreakIssues(Math.floor(workedMs / MINUTE), gaps.get(date) ?? [], rules) : [];
    out.push({
      date,
      workedMs,
      regularMs: regularBeforeWeekly - weeklyOvertime,
      overtimeMs: dailyOvertime + weeklyOvertime + (doubleMs - doubleTimeMinutes * MINUTE),
      doubleTimeMinutes,
      premiumMinutes: rules ? premiumOf(breakIssues, rules, options.waivedOf?.(date) ?? NOTHING_WAIVED) : 0,
      paidBreakMs,
      unpaidBreakMs: unpaidBreaks.get(date) ?? 0,
      breakIssues,
    });
  }
  return out;
}

/** Punched time on `day` before the instant `until` (where in the day's work a break began). */
function workedBefore(punches: readonly PunchInput[], day: DateKey, until: number, ctx: CalcContext): number {
  const dayStart = startOfDay(day, ctx.timeZone).getTime();
  let ms = 0;
  for (const p of punches) {
    const start = Math.max(p.punchInAt.getTime(), dayStart);
    const end = Math.min(countedEnd(p, ctx.now), until);
    if (end > start) ms += end - start;
  }
  return ms;
}

export function sumDays(days: readonly DayTotals[]): RangeTotals {
  const totals: RangeTotals = { workedMs: 0, regularMs: 0, overtimeMs: 0, doubleTimeMinutes: 0, premiumMinutes: 0, paidBreakMs: 0, unpaidBreakMs: 0, daysWorked: 0 };
  for (const day of days) {
    totals.workedMs += day.workedMs;
    totals.regularMs += day.regularMs;
    totals.overtimeMs += day.overtimeMs;
    totals.doubleTimeMinutes += day.doubleTimeMinutes;
    totals.premiumMinutes += day.premiumMinutes;
    totals.paidBreakMs += day.paidBreakMs;
    totals.unpaidBreakMs += day.unpaidBreakMs;
    if (day.workedMs > 0) totals.daysWorked += 1;
  }
  return totals;
}

// --- formatting and rounding (the edge) ---------------------------------------------------

/** Milliseconds rounded to the nearest `stepMinutes` (halves up); 0 leaves them as they are. */
export function roundMs(ms: number, stepMinutes: number): number {
  if (!stepMinutes) return ms;
  const step = stepMinutes * MINUTE;
  return Math.floor(ms / step + 0.5) * step;
}

/**
 * Export totals: each total rounded to the policy's step; regular is worked minus overtime and
 * double time after rounding, so the row still adds up. Premium minutes are pay owed, not worked
 * time: rounded on their own. Without rounding the totals are returned unchanged.
 */
export function roundForExport(totals: RangeTotals, stepMinutes: number): RangeTotals {
  if (!stepMinutes) return totals;
  const workedMs = roundMs(totals.workedMs, stepMinutes);
  const doubleMs = Math.min(workedMs, roundMs(totals.doubleTimeMinutes * MINUTE, stepMinutes));
  const overtimeMs = Math.min(workedMs - doubleMs, roundMs(totals.overtimeMs, stepMinutes));
  return {
    workedMs,
    overtimeMs,
    doubleTimeMinutes: doubleMs / MINUTE,
    premiumMinutes: roundMs(totals.premiumMinutes * MINUTE, stepMinutes) / MINUTE,
    regularMs: workedMs - overtimeMs - doubleMs,
    paidBreakMs: roundMs(totals.paidBreakMs, stepMinutes),
    unpaidBreakMs: roundMs(totals.unpaidBreakMs, stepMinutes),
    daysWorked: totals.daysWorked,
  };
}

/**
 * Hours as a decimal with 2 places, from whole minutes (seconds are dropped, never rounded up:
 * "right to the minute"). The screen and the CSV both use this one function.
 */
export function hours(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  return (minutes / 60).toFixed(2);
}

/** "h:mm" from whole minutes. */
export function hhmm(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}
