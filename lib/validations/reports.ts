import { z } from "zod";
import { SCOREBOARD_PERIODS, STATISTICS_MAX_DAYS } from "@/lib/reports/options";
import { TASK_PRIORITIES } from "@/lib/tasks/options";
import { isoDateTime } from "./common";
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

// ---------------------------------------------------------------- answers

export const scoreboardSettingsViewSchema = scoreboardSettingsSchema.extend({
  /** Null until an admin saves settings (the defaults apply). */
  updatedAt: isoDateTime.nullable(),
});
export type ScoreboardSettingsDto = z.infer<typeof scoreboardSettingsViewSchema>;

export const scoreboardMemberRowSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  /** Null when the settings hide other members' names from the caller. */
  name: z.string().nullable(),
  department: z.string().nullable(),
  points: z.number(),
  tasks: z.number().int(),
  onTime: z.number().int(),
  pickups: z.number().int(),
  isMe: z.boolean(),
});
export type ScoreboardMemberRow = z.infer<typeof scoreboardMemberRowSchema>;

export const scoreboardDepartmentRowSchema = z.object({
  rank: z.number().int(),
  unitId: z.string(),
  name: z.string(),
  points: z.number(),
  tasks: z.number().int(),
});
export type ScoreboardDepartmentRow = z.infer<typeof scoreboardDepartmentRowSchema>;

/** `userId` is empty and `name` null when the names are hidden from the caller. */
export const highlightSchema = z.object({ userId: z.string(), name: z.string().nullable(), value: z.number() });
export type Highlight = z.infer<typeof highlightSchema>;

export const scoreboardSchema = z.object({
  period: z.enum(SCOREBOARD_PERIODS),
  periodLabel: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  /** Whether the caller sees every member's name and breakdown (else only their own row). */
  namesVisible: z.boolean(),
  members: z.array(scoreboardMemberRowSchema),
  departments: z.array(scoreboardDepartmentRowSchema),
  highlights: z.object({ mostImproved: highlightSchema.nullable(), onTimeStreak: highlightSchema.nullable(), pickupsHero: highlightSchema.nullable() }),
});
export type Scoreboard = z.infer<typeof scoreboardSchema>;

export const breakdownTaskSchema = z.object({
  /** Null for a private task the caller may not see (it still counts; its title stays hidden). */
  taskId: z.string().nullable(),
  displayNumber: z.number().int().nullable(),
  title: z.string().nullable(),
  hidden: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  completedAt: isoDateTime,
  dueDate: isoDateTime,
  onTime: z.boolean(),
  basePoints: z.number(),
  share: z.number(),
  isLead: z.boolean(),
  checklistPoints: z.number(),
  pickupPoints: z.number(),
  points: z.number(),
  /** Why a completion earned nothing (completed too soon after it started). */
  reason: z.enum(["quick-complete"]).nullable(),
  reopenCount: z.number().int(),
});
export type BreakdownTask = z.infer<typeof breakdownTaskSchema>;

export const memberBreakdownSchema = z.object({
  userId: z.string(),
  name: z.string(),
  period: z.enum(SCOREBOARD_PERIODS),
  points: z.number(),
  /** A contractor or volunteer the settings leave out of the scoreboard. */
  excluded: z.boolean(),
  tasks: z.array(breakdownTaskSchema),
});
export type MemberBreakdown = z.infer<typeof memberBreakdownSchema>;

export const statisticsCellSchema = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof statisticsCellSchema>;

export const statisticsTableSchema = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.record(z.string(), statisticsCellSchema)),
});
export type StatisticsTable = z.infer<typeof statisticsTableSchema>;

/** One panel's tables, by name (each a chart's or a CSV's series). */
export const statisticsResultSchema = z.object({
  panel: statisticsPanelSchema,
  from: z.string(),
  to: z.string(),
  tables: z.record(z.string(), statisticsTableSchema),
});
export type StatisticsResult = z.infer<typeof statisticsResultSchema>;
