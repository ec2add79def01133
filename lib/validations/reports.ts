import { z } from "zod";
import { SCOREBOARD_PERIODS, STATISTICS_MAX_DAYS } from "@/lib/reports/options";
import { UUID_PATTERN } from "./ids";

/**
 * Scoreboard and statistics queries and bodies, shared by the screens and the API
 * handlers; docs/reports.md describes the reads.
 */

export const scoreboardQuerySchema = z.object({
  period: z.enum(SCOREBOARD_PERIODS, { error: "period must be this-week, last-week, this-month or last-month" }).default("this-week"),
});

const int = (label: string, min: number, max: number) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`);
const decimal = (label: string, min: number, max: number) =>
  z.coerce.number({ error: `${label} must be a number` }).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`);

export const scoreboardSettingsSchema = z.object({
  weightLow: int("Low weight", 0, 100),
  weightNormal: int("Normal weight", 0, 100),
  weightHigh: int("High weight", 0, 100),
  weightCritical: int("Critical weight", 0, 100),
  onTimeBonusPercent: int("On-time bonus", 0, 500),
  latePercent: int("Late completion share", 0, 100),
  pickupBonus: decimal("Pickup bonus", 0, 100),
  checklistItemPoints: decimal("Points per checklist item", 0, 10),
  checklistMaxPoints: decimal("Checklist cap", 0, 100),
  leadSharePercent: int("Lead share", 0, 100),
  quickCompleteMinutes: int("Quick-complete guard", 0, 1440),
  staffSeeNames: z.boolean({ error: "staffSeeNames must be true or false" }),
  excludeContractors: z.boolean({ error: "excludeContractors must be true or false" }),
  excludeVolunteers: z.boolean({ error: "excludeVolunteers must be true or false" }),
});
export type ScoreboardSettingsInput = z.infer<typeof scoreboardSettingsSchema>;

/** The scoring settings until an admin saves others (docs/reports.md). */
export const SCOREBOARD_SETTINGS_DEFAULTS: ScoreboardSettingsInput = {
  weightLow: 1,
  weightNormal: 2,
  weightHigh: 3,
  weightCritical: 5,
  onTimeBonusPercent: 50,
  latePercent: 50,
  pickupBonus: 1,
  checklistItemPoints: 0.25,
  checklistMaxPoints: 1,
  leadSharePercent: 40,
  quickCompleteMinutes: 10,
  staffSeeNames: true,
  excludeContractors: true,
  excludeVolunteers: true,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string({ error: `${label} must be a day, YYYY-MM-DD` })
    .regex(DAY, `${label} must be a day, YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} must be a real day`);

export const STATISTICS_PANELS = ["throughput", "on-time", "cycle-time", "overdue", "hours", "punch-patterns", "pickups", "recurring"] as const;
export type StatisticsPanel = (typeof STATISTICS_PANELS)[number];

export const statisticsQuerySchema = z
  .object({
    from: day("from"),
    to: day("to"),
    unitId: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(UUID_PATTERN, "unitId must be a valid department").optional()),
  })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= STATISTICS_MAX_DAYS, { message: `The range is at most ${STATISTICS_MAX_DAYS} days`, path: ["to"] });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

export const statisticsPanelSchema = z.enum(STATISTICS_PANELS, { error: "Unknown statistics panel" });
