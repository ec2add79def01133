import { z } from "zod";
import { RECURRING_END_TYPES, RECURRING_MONTHLY_TYPES, RECURRING_PATTERNS } from "@/lib/tasks/recurrence-options";
import { dateString } from "./dates";

export const EXCLUDED_DAY_POLICIES = ["skip", "previous", "next"] as const;
export type ExcludedDayPolicy = (typeof EXCLUDED_DAY_POLICIES)[number];

/** Monthly "by weekday" ordinals: 1st to 4th, or -1 for the last one of the month. */
export const MONTHLY_WEEKS = [1, 2, 3, 4, -1] as const;

/** A date-holidays calendar code's shape (`US`, `US-TX`, `CA-ON`); the server checks it exists. */
export const HOLIDAY_CALENDAR_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,4}){0,2}$/;
export const UNKNOWN_CALENDAR = "Unknown holiday calendar";

/**
 * `recurringSchedule` (spec §3) holds what the named columns do not: the policy for a date that
 * falls on an excluded weekend/holiday (default skip), and the ordinal of a monthly-by-weekday
 * rule when it is not the due date's own ("last Friday" for a 4th Friday). Strict: unknown keys
 * are a 400.
 */
export const recurringScheduleSchema = z.strictObject({
  excludedDayPolicy: z.enum(EXCLUDED_DAY_POLICIES, { error: "excludedDayPolicy must be skip, previous or next" }).default("skip"),
  monthlyWeek: z
    .number()
    .int()
    .refine((v) => (MONTHLY_WEEKS as readonly number[]).includes(v), "monthlyWeek must be 1, 2, 3, 4 or -1 (last)")
    .nullish(),
});
export type RecurringSchedule = z.output<typeof recurringScheduleSchema>;

const blankToNull = (value: unknown) => (value === "" ? null : value);
const isoDate = (what: string) => dateString(`${what} must be a valid date`, { error: `${what} is required` });

/** POST /api/recurring-tasks/preview: the rule as the task form holds it. */
export const previewRuleSchema = z
  .object({
    dueDate: isoDate("Due date"),
    recurringPattern: z.enum(RECURRING_PATTERNS, { error: "Recurrence pattern is required" }),
    recurringInterval: z.number().int().min(1, "Recurring interval must be at least 1").max(999).default(1),
    recurringDaysOfWeek: z.array(z.number().int().min(0).max(6, "days of week are 0 (Sunday) to 6 (Saturday)")).max(7).default([]),
    recurringMonthlyType: z.preprocess(blankToNull, z.enum(RECURRING_MONTHLY_TYPES).nullish()),
    recurringEndType: z.enum(RECURRING_END_TYPES).default("never"),
    recurringEndDate: z.preprocess(blankToNull, isoDate("Recurring end date").nullish()),
    recurringMaxCount: z.preprocess(blankToNull, z.number().int().min(1, "Max occurrences must be at least 1").max(10_000).nullish()),
    excludeWeekends: z.boolean().default(false),
    excludeHolidays: z.boolean().default(false),
    holidayCalendar: z.preprocess(blankToNull, z.string().trim().regex(HOLIDAY_CALENDAR_PATTERN, UNKNOWN_CALENDAR).nullish()),
    recurringSchedule: recurringScheduleSchema.nullish(),
    count: z.number().int().min(1).max(20).default(5),
  })
  .superRefine((value, ctx) => {
    if (value.recurringEndType === "after" && value.recurringMaxCount == null) {
      ctx.addIssue({ code: "custom", path: ["recurringMaxCount"], message: "Max occurrences must be at least 1" });
    }
    if (value.recurringEndType === "on" && !value.recurringEndDate) {
      ctx.addIssue({ code: "custom", path: ["recurringEndDate"], message: "Recurring end date is required" });
    }
  });
export type PreviewRuleInput = z.output<typeof previewRuleSchema>;
export type PreviewRuleBody = z.input<typeof previewRuleSchema>;

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** GET /api/recurring-tasks */
export const listSeriesQuerySchema = z.object({
  mine: flag.optional(),
  unitId: z.string().uuid("must be a valid department").optional(),
  paused: flag.optional(),
  page: z.coerce.number().int().min(1, "page must be at least 1").max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1, "pageSize must be at least 1").max(200, "pageSize must be at most 200").default(50),
});
export type ListSeriesQuery = z.output<typeof listSeriesQuerySchema>;

/** POST /api/test-hooks/jobs/{name} */
export const runJobBodySchema = z.object({
  now: z.string().datetime({ offset: true, error: "now must be an ISO datetime" }).optional(),
  /** Limits the recurrence job to one series (keeps a shared test database's other series alone). */
  seriesId: z.string().uuid("must be a valid series").optional(),
});

// --- responses -------------------------------------------------------------------------------

const exclusionReasonSchema = z.object({ kind: z.enum(["weekend", "holiday", "collapsed", "out-of-range"]), label: z.string() });
export type ExclusionReasonDto = z.infer<typeof exclusionReasonSchema>;

const previewDateSchema = z.object({
  index: z.number().int(),
  day: z.string(),
  dueDate: z.string(),
  moved: z.object({ from: z.string(), reason: exclusionReasonSchema }).nullable(),
});
export type PreviewDateDto = z.infer<typeof previewDateSchema>;

/** POST /api/recurring-tasks/preview: the rule in words and its next dates. */
export const rulePreviewSchema = z.object({
  description: z.string(),
  calendar: z.string().nullable(),
  dates: z.array(previewDateSchema),
  skipped: z.array(z.object({ day: z.string(), reason: exclusionReasonSchema })),
});
export type RulePreviewDto = z.infer<typeof rulePreviewSchema>;

export const SERIES_STATES = ["active", "paused", "ended"] as const;
export type SeriesState = (typeof SERIES_STATES)[number];

/** A recurring series (GET /api/recurring-tasks/{id}, and pause / resume / end). */
export const seriesSchema = z.object({
  id: z.string(),
  /** null for a series saved since series stopped taking task numbers; older series keep theirs. */
  displayNumber: z.number().int().nullable(),
  title: z.string(),
  /** The rule in words. */
  description: z.string(),
  state: z.enum(SERIES_STATES),
  isPrivate: z.boolean(),
  nextDate: z.string().nullable(),
  total: z.number().int().nullable(),
  occurrenceCount: z.number().int(),
  lastOccurrence: z
    .object({ id: z.string(), displayNumber: z.number().int(), status: z.string(), dueDate: z.string(), occurrenceIndex: z.number().int().nullable() })
    .nullable(),
  department: z.object({ id: z.string(), name: z.string(), unitNumber: z.number().int().nullable() }).nullable(),
  assigneeName: z.string().nullable(),
  permissions: z.object({ canEdit: z.boolean() }),
});
export type SeriesDto = z.infer<typeof seriesSchema>;

export const seriesPageSchema = z.object({
  items: z.array(seriesSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type SeriesPageDto = z.infer<typeof seriesPageSchema>;
