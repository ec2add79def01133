/**
 * The scoreboard's periods and the statistics' range limit: plain constants the screens show
 * and the validations (lib/validations/reports.ts) enforce. Kept apart from the schemas so a
 * screen that only lists periods does not ship zod (≈ 32 KB gzipped) in its first load.
 */

export const SCOREBOARD_PERIODS = ["this-week", "last-week", "this-month", "last-month"] as const;
export type ScoreboardPeriod = (typeof SCOREBOARD_PERIODS)[number];
export const SCOREBOARD_PERIOD_LABELS: Record<ScoreboardPeriod, string> = {
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
};

/** The longest range a statistics read accepts (two years), so one request cannot scan everything. */
export const STATISTICS_MAX_DAYS = 731;
