/**
 * Jurisdiction rules for overtime and breaks: one engine (lib/time/calc.ts `computeDays` and
 * `checkBreaks` below), the states as data (`PRESETS`). Pure: no database, no clock. The sources
 * of every number are in docs/time.md ("Break and overtime rules by jurisdiction").
 *
 * How a preset and the company policy combine: the company's own thresholds (time_policies) still
 * apply, and for each threshold the lower one wins — the law is a floor, a business may pay
 * overtime sooner but never later. Double time, the seventh day and breaks come from the preset.
 */

export const PRESET_IDS = ["federal", "california", "illinois", "new_york", "washington", "oregon", "colorado"] as const;
export type PresetId = (typeof PRESET_IDS)[number];
export const DEFAULT_PRESET: PresetId = "federal";

export const isPresetId = (value: unknown): value is PresetId => typeof value === "string" && (PRESET_IDS as readonly string[]).includes(value);

export interface MealRule {
  /** The meal is owed when the day's worked minutes are more than this (or at least this, `inclusive`). */
  afterWorkedMinutes: number;
  inclusive: boolean;
  /** Required length of the meal, in minutes. */
  lengthMinutes: number;
  /** It must begin at the latest when this many minutes have been worked that day; null = any time. */
  startByWorkedMinutes: number | null;
}

export interface RestRule {
  /** One rest per this many worked minutes "or major fraction thereof" (a fraction above half counts). */
  perWorkedMinutes: number;
  /** No rest is owed below this many worked minutes (California: 3½ h). */
  minimumWorkedMinutes: number;
  lengthMinutes: number;
}

export interface JurisdictionRules {
  id: PresetId;
  name: string;
  /** Daily overtime (1.5×) above this many minutes a day; null = none. */
  dailyOvertimeMinutes: number | null;
  /** Daily double time (2×) above this many minutes a day; null = none. */
  dailyDoubleTimeMinutes: number | null;
  /** Weekly overtime above this many regular minutes in the workweek; null = none. */
  weeklyOvertimeMinutes: number | null;
  /**
   * The seventh consecutive day of work in one workweek: its first `overtimeUpToMinutes` are
   * overtime and the rest double time (California Labor Code § 510(a)); null = no such rule.
   */
  seventhDay: { overtimeUpToMinutes: number } | null;
  /** Meal periods in order (the second meal only when the first is owed too). */
  meals: MealRule[];
  /** Meals are unpaid when taken in full (every preset here); a short one is paid as worked. */
  mealsPaid: boolean;
  rest: RestRule | null;
  /** Rest breaks are paid time (every preset with rest rules). */
  restPaid: boolean;
  /** Premium owed per workday when a meal is missed, short or late (minutes of pay); 0 = none. */
  mealPremiumMinutes: number;
  /** Premium owed for missed rest: per workday (`perDay`) or per missed rest. */
  restPremium: { minutes: number; per: "day" | "break" };
}

const H = 60;

/** The presets (docs/time.md cites each number). */
export const PRESETS: Record<PresetId, JurisdictionRules> = {
  federal: {
    id: "federal",
    name: "Federal (FLSA)",
    dailyOvertimeMinutes: null,
    dailyDoubleTimeMinutes: null,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: null,
    meals: [],
    mealsPaid: false,
    rest: null,
    restPaid: true,
    mealPremiumMinutes: 0,
    restPremium: { minutes: 0, per: "day" },
  },
  california: {
    id: "california",
    name: "California",
    dailyOvertimeMinutes: 8 * H,
    dailyDoubleTimeMinutes: 12 * H,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: { overtimeUpToMinutes: 8 * H },
    meals: [
      { afterWorkedMinutes: 5 * H, inclusive: false, lengthMinutes: 30, startByWorkedMinutes: 5 * H },
      { afterWorkedMinutes: 10 * H, inclusive: false, lengthMinutes: 30, startByWorkedMinutes: 10 * H },
    ],
    mealsPaid: false,
    rest: { perWorkedMinutes: 4 * H, minimumWorkedMinutes: 3 * H + 30, lengthMinutes: 10 },
    restPaid: true,
    mealPremiumMinutes: 60,
    restPremium: { minutes: 60, per: "day" },
  },
  illinois: {
    id: "illinois",
    name: "Illinois",
    dailyOvertimeMinutes: null,
    dailyDoubleTimeMinutes: null,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: null,
    meals: [
      { afterWorkedMinutes: 7 * H + 30, inclusive: true, lengthMinutes: 20, startByWorkedMinutes: 5 * H },
      { afterWorkedMinutes: 12 * H, inclusive: false, lengthMinutes: 20, startByWorkedMinutes: null },
    ],
    mealsPaid: false,
    rest: null,
    restPaid: true,
    mealPremiumMinutes: 0,
    restPremium: { minutes: 0, per: "day" },
  },
  new_york: {
    id: "new_york",
    name: "New York",
    dailyOvertimeMinutes: null,
    dailyDoubleTimeMinutes: null,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: null,
    meals: [{ afterWorkedMinutes: 6 * H, inclusive: false, lengthMinutes: 30, startByWorkedMinutes: null }],
    mealsPaid: false,
    rest: null,
    restPaid: true,
    mealPremiumMinutes: 0,
    restPremium: { minutes: 0, per: "day" },
  },
  washington: {
    id: "washington",
    name: "Washington",
    dailyOvertimeMinutes: null,
    dailyDoubleTimeMinutes: null,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: null,
    meals: [{ afterWorkedMinutes: 5 * H, inclusive: false, lengthMinutes: 30, startByWorkedMinutes: 5 * H }],
    mealsPaid: false,
    rest: { perWorkedMinutes: 4 * H, minimumWorkedMinutes: 0, lengthMinutes: 10 },
    restPaid: true,
    mealPremiumMinutes: 0,
    restPremium: { minutes: 0, per: "day" },
  },
  oregon: {
    id: "oregon",
    name: "Oregon",
    dailyOvertimeMinutes: null,
    dailyDoubleTimeMinutes: null,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: null,
    // "Not less than six hours": 6 h exactly is owed a meal. For a work period over 7 hours it must
    // be completed before the sixth hour begins, so it begins by 4 h 30 min worked.
    meals: [{ afterWorkedMinutes: 6 * H, inclusive: true, lengthMinutes: 30, startByWorkedMinutes: 4 * H + 30 }],
    mealsPaid: false,
    rest: { perWorkedMinutes: 4 * H, minimumWorkedMinutes: 0, lengthMinutes: 10 },
    restPaid: true,
    mealPremiumMinutes: 0,
    restPremium: { minutes: 0, per: "day" },
  },
  colorado: {
    id: "colorado",
    name: "Colorado",
    dailyOvertimeMinutes: 12 * H,
    dailyDoubleTimeMinutes: null,
    weeklyOvertimeMinutes: 40 * H,
    seventhDay: null,
    meals: [{ afterWorkedMinutes: 5 * H, inclusive: false, lengthMinutes: 30, startByWorkedMinutes: null }],
    mealsPaid: false,
    rest: { perWorkedMinutes: 4 * H, minimumWorkedMinutes: 0, lengthMinutes: 10 },
    restPaid: true,
    mealPremiumMinutes: 0,
    // COMPS Order Rule 5.2.4: a rest period not authorized and permitted is extra work time owed (10 minutes each).
    restPremium: { minutes: 10, per: "break" },
  },
};

export const presetOf = (id: string | null | undefined): JurisdictionRules => (isPresetId(id) ? PRESETS[id] : PRESETS[DEFAULT_PRESET]);

/** Number of rest breaks owed for a day's worked minutes: one per `per` minutes or major fraction thereof. */
export function restBreaksOwed(workedMinutes: number, rule: RestRule): number {
  if (workedMinutes < rule.minimumWorkedMinutes || workedMinutes <= 0) return 0;
  const whole = Math.floor(workedMinutes / rule.perWorkedMinutes);
  const left = workedMinutes - whole * rule.perWorkedMinutes;
  // "Major fraction": strictly more than half of the period. California's first rest is owed from
  // 3½ h (the minimum), below half of the second period.
  return whole + (left * 2 > rule.perWorkedMinutes ? 1 : 0);
}

/** Whether the day's worked minutes owe this meal. */
export const mealOwed = (workedMinutes: number, rule: MealRule) =>
  rule.inclusive ? workedMinutes >= rule.afterWorkedMinutes : workedMinutes > rule.afterWorkedMinutes;

export type BreakKind = "meal" | "rest";
export type BreakProblem = "missed" | "short" | "late";

/** A break gap of one day, as the engine reads it from the punches. */
export interface DayGap {
  reason: "Lunch" | "Break";
  /** Minutes worked that day before the gap began. */
  atWorkedMinutes: number;
  minutes: number;
}

export interface BreakIssue {
  kind: BreakKind;
  /** 1 for the first meal (or rest) of the day. */
  index: number;
  problem: BreakProblem;
  requiredMinutes: number;
  /** What was taken (a short or late break); null when missed. */
  takenMinutes: number | null;
  /** Begin by this many worked minutes (meals with a deadline). */
  startByWorkedMinutes: number | null;
}

/**
 * The break problems of one day under `rules`: each owed meal is met by the first unused gap at
 * least as long that began in time; a Lunch gap too short or too late counts as that meal taken
 * wrongly; no gap = missed. Rest breaks are then met by the remaining Break gaps of the rest length.
 */
export function dayBreakIssues(workedMinutes: number, gaps: readonly DayGap[], rules: JurisdictionRules): BreakIssue[] {
  const issues: BreakIssue[] = [];
  const used = new Set<number>();
  rules.meals.forEach((rule, i) => {
    if (!mealOwed(workedMinutes, rule)) return;
    const ok = gaps.findIndex(
      (g, j) => !used.has(j) && g.minutes >= rule.lengthMinutes && (rule.startByWorkedMinutes === null || g.atWorkedMinutes <= rule.startByWorkedMinutes),
    );
    if (ok >= 0) {
      used.add(ok);
      return;
    }
    const wrong = gaps.findIndex((g, j) => !used.has(j) && g.reason === "Lunch");
    const base = { kind: "meal" as const, index: i + 1, requiredMinutes: rule.lengthMinutes, startByWorkedMinutes: rule.startByWorkedMinutes };
    if (wrong >= 0) {
      used.add(wrong);
      const g = gaps[wrong];
      issues.push({ ...base, problem: g.minutes < rule.lengthMinutes ? "short" : "late", takenMinutes: g.minutes });
    } else {
      issues.push({ ...base, problem: "missed", takenMinutes: null });
    }
  });
  if (rules.rest) {
    const owed = restBreaksOwed(workedMinutes, rules.rest);
    const rests = gaps.map((g, j) => ({ g, j })).filter(({ g, j }) => !used.has(j) && g.reason === "Break");
    const full = rests.filter(({ g }) => g.minutes >= rules.rest!.lengthMinutes);
    const short = rests.filter(({ g }) => g.minutes < rules.rest!.lengthMinutes);
    for (let k = full.length; k < owed; k++) {
      const s = short[k - full.length];
      issues.push({
        kind: "rest",
        index: k + 1,
        problem: s ? "short" : "missed",
        requiredMinutes: rules.rest.lengthMinutes,
        takenMinutes: s ? s.g.minutes : null,
        startByWorkedMinutes: null,
      });
    }
  }
  return issues;
}

/** Premium minutes owed for a day's issues, leaving out the kinds waived that day. */
export function premiumOf(issues: readonly BreakIssue[], rules: JurisdictionRules, waived: ReadonlySet<BreakKind>): number {
  let premium = 0;
  const meals = issues.filter((i) => i.kind === "meal");
  const rests = issues.filter((i) => i.kind === "rest");
  if (meals.length > 0 && !waived.has("meal")) premium += rules.mealPremiumMinutes;
  if (rests.length > 0 && !waived.has("rest")) premium += rules.restPremium.per === "day" ? rules.restPremium.minutes : rules.restPremium.minutes * rests.length;
  return premium;
}
