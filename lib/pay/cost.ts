/**
 * Labour cost, as pure functions (docs/time.md "Pay rates and labour cost"): which rate is in
 * force on a day, what an hour costs at it, and what a day's minutes cost with the overtime,
 * double-time and paid-time-off rules. Figures stay unrounded fractional cents here; the caller
 * rounds once, on the figure a person reads (`roundCents` in lib/money).
 */
import { costOfMinutes } from "@/lib/money";
import type { DateKey } from "@/lib/dates/days";

export type PayRateKind = "hourly" | "salaried";

/** A salaried yearly amount is costed per hour over this many paid hours a year (52 weeks × 40 h). */
export const SALARIED_HOURS_PER_YEAR = 2080;
export const OVERTIME_MULTIPLIER = 1.5;
export const DOUBLE_TIME_MULTIPLIER = 2;
/** Missed-break premium hours are paid at the regular rate. */
export const PREMIUM_MULTIPLIER = 1;

export interface RateFacts {
  kind: PayRateKind;
  /** Cents per hour (hourly) or cents a year (salaried). */
  amountCents: number;
  roleLabel: string | null;
  unitId: string | null;
  /** "yyyy-MM-dd", a business day. */
  effectiveFrom: DateKey;
}

/** Cents per hour of a rate, unrounded: a salaried amount over SALARIED_HOURS_PER_YEAR. */
export const centsPerHour = (rate: Pick<RateFacts, "kind" | "amountCents">): number =>
  rate.kind === "hourly" ? rate.amountCents : rate.amountCents / SALARIED_HOURS_PER_YEAR;

/**
 * Overtime and double time are paid extra to hourly people only: a salaried (exempt) person's
 * hours are costed at the converted rate whatever the day's length.
 */
export const multiplierOf = (kind: PayRateKind, part: "regular" | "overtime" | "doubleTime" | "premium" | "pto"): number => {
  if (part === "overtime") return kind === "hourly" ? OVERTIME_MULTIPLIER : 1;
  if (part === "doubleTime") return kind === "hourly" ? DOUBLE_TIME_MULTIPLIER : 1;
  if (part === "premium") return PREMIUM_MULTIPLIER;
  return 1;
};

/** The key a rate pays: a department (unit), a role label, or neither (the member's base rate). */
export interface RateKey {
  unitId?: string | null;
  roleLabel?: string | null;
}

const sameKey = (rate: RateFacts, key: RateKey) => (rate.unitId ?? null) === (key.unitId ?? null) && (rate.roleLabel ?? null) === (key.roleLabel ?? null);

/** The latest rate of exactly this key that took effect on or before `day`, or null. */
function latestOf(rates: readonly RateFacts[], day: DateKey, key: RateKey): RateFacts | null {
  let best: RateFacts | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom > day || !sameKey(rate, key)) continue;
    if (!best || rate.effectiveFrom > best.effectiveFrom) best = rate;
  }
  return best;
}

/**
 * The rate in force on `day` for work of a department or role label: the role label's rate, else the department's, when the
 * member has one in force, else the member's base rate (no key), else null (no rate: no cost).
 */
export function rateInForce(rates: readonly RateFacts[], day: DateKey, key: RateKey = {}): RateFacts | null {
  if (key.roleLabel) {
    const own = latestOf(rates, day, { roleLabel: key.roleLabel });
    if (own) return own;
  }
  if (key.unitId) {
    const own = latestOf(rates, day, { unitId: key.unitId });
    if (own) return own;
  }
  return latestOf(rates, day, {});
}

/** One day of a member as the time card counts it, in minutes (fractions allowed: ms / 60 000). */
export interface DayMinutes {
  date: DateKey;
  regularMinutes: number;
  overtimeMinutes: number;
  doubleTimeMinutes?: number;
  premiumMinutes?: number;
  ptoMinutes?: number;
  /** Worked minutes clocked into tasks of a department, to cost at that department's rate where the member has one. */
  unitMinutes?: readonly { unitId: string; minutes: number }[];
}

export type CostPart = "regular" | "overtime" | "doubleTime" | "premium" | "pto";
export const COST_PARTS: readonly CostPart[] = ["regular", "overtime", "doubleTime", "premium", "pto"];

/** One part of a day's cost: minutes at a rate and multiplier. Cents unrounded. */
export interface CostLine {
  date: DateKey;
  part: CostPart;
  minutes: number;
  centsPerHour: number;
  multiplier: number;
  /** The department whose rate applied, or null for the base rate. */
  unitId: string | null;
  cents: number;
}

export interface DayCost {
  date: DateKey;
  /** Unrounded. */
  cents: number;
  lines: CostLine[];
  /** Minutes with no rate in force (costed at nothing). */
  unratedMinutes: number;
}

const workedOf = (day: DayMinutes) => day.regularMinutes + day.overtimeMinutes + (day.doubleTimeMinutes ?? 0);

/**
 * What a day costs. Worked minutes (regular + overtime + double time) are split first by the rate
 * they are paid at: minutes clocked into tasks of a department the member has a rate for, the
 * rest at the base rate. Each share then carries the day's regular / overtime / double-time mix
 * in proportion (which minute of the day crossed the threshold is not a fact the time card keeps).
 * Paid time off and premium minutes are paid at the base rate, 1×.
 */
export function costDay(rates: readonly RateFacts[], day: DayMinutes): DayCost {
  const worked = workedOf(day);
  const base = rateInForce(rates, day.date);
  const shares: { rate: RateFacts | null; unitId: string | null; minutes: number }[] = [];
  let rest = worked;
  for (const part of day.unitMinutes ?? []) {
    const own = rateInForce(rates, day.date, { unitId: part.unitId });
    if (!own || own === base || own.unitId === null) continue;
    const minutes = Math.min(part.minutes, rest);
    if (minutes <= 0) continue;
    shares.push({ rate: own, unitId: part.unitId, minutes });
    rest -= minutes;
  }
  if (rest > 0) shares.push({ rate: base, unitId: null, minutes: rest });

  const lines: CostLine[] = [];
  let unratedMinutes = 0;
  const mix: [CostPart, number][] = [
    ["regular", day.regularMinutes],
    ["overtime", day.overtimeMinutes],
    ["doubleTime", day.doubleTimeMinutes ?? 0],
  ];
  for (const share of shares) {
    if (!share.rate) {
      unratedMinutes += share.minutes;
      continue;
    }
    const perHour = centsPerHour(share.rate);
    for (const [part, partMinutes] of mix) {
      if (partMinutes <= 0) continue;
      const minutes = (share.minutes * partMinutes) / worked;
      const multiplier = multiplierOf(share.rate.kind, part);
      lines.push({ date: day.date, part, minutes, centsPerHour: perHour, multiplier, unitId: share.unitId, cents: costOfMinutes(minutes, perHour, multiplier) });
    }
  }
  for (const [part, minutes] of [["premium", day.premiumMinutes ?? 0], ["pto", day.ptoMinutes ?? 0]] as const) {
    if (minutes <= 0) continue;
    if (!base) {
      unratedMinutes += minutes;
      continue;
    }
    const perHour = centsPerHour(base);
    const multiplier = multiplierOf(base.kind, part);
    lines.push({ date: day.date, part, minutes, centsPerHour: perHour, multiplier, unitId: null, cents: costOfMinutes(minutes, perHour, multiplier) });
  }
  return { date: day.date, cents: lines.reduce((sum, l) => sum + l.cents, 0), lines, unratedMinutes };
}

/**
 * What one worked minute of the day costs at a rate, on average over the day's regular / overtime /
 * double-time mix: the figure task minutes (a case's, a project's, a run's labour) are costed at,
 * so the cost of a day's tasks adds up to at most the day's worked cost.
 */
export function blendedMultiplier(kind: PayRateKind, day: Pick<DayMinutes, "regularMinutes" | "overtimeMinutes" | "doubleTimeMinutes">): number {
  const worked = workedOf(day as DayMinutes);
  if (worked <= 0) return 1;
  return (
    (day.regularMinutes + day.overtimeMinutes * multiplierOf(kind, "overtime") + (day.doubleTimeMinutes ?? 0) * multiplierOf(kind, "doubleTime")) / worked
  );
}

/** The cost of `minutes` of work on a task of `unitId` on a day (unrounded), or null without a rate. */
export function costTaskMinutes(
  rates: readonly RateFacts[],
  day: Pick<DayMinutes, "date" | "regularMinutes" | "overtimeMinutes" | "doubleTimeMinutes">,
  unitId: string | null,
  minutes: number,
): { cents: number; centsPerHour: number; multiplier: number } | null {
  const rate = rateInForce(rates, day.date, { unitId });
  if (!rate) return null;
  const perHour = centsPerHour(rate);
  const multiplier = blendedMultiplier(rate.kind, day);
  return { cents: costOfMinutes(minutes, perHour, multiplier), centsPerHour: perHour, multiplier };
}

/**
 * What a planned shift costs: its paid minutes at the rate in force on its day for its role label
 * or department; those of them that would be overtime or double time (the week's shifts read as
 * the time card reads punches) at their multipliers.
 */
export function costShift(
  rates: readonly RateFacts[],
  shift: { date: DateKey; minutes: number; unitId: string; roleLabel: string | null; overtimeMinutes?: number; doubleTimeMinutes?: number },
): number | null {
  const rate = rateInForce(rates, shift.date, { roleLabel: shift.roleLabel, unitId: shift.unitId });
  if (!rate) return null;
  const perHour = centsPerHour(rate);
  const overtime = shift.overtimeMinutes ?? 0;
  const doubleTime = shift.doubleTimeMinutes ?? 0;
  return (
    costOfMinutes(shift.minutes - overtime - doubleTime, perHour, 1) +
    costOfMinutes(overtime, perHour, multiplierOf(rate.kind, "overtime")) +
    costOfMinutes(doubleTime, perHour, multiplierOf(rate.kind, "doubleTime"))
  );
}
