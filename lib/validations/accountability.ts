import { z } from "zod";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";

/**
 * Accountability contracts (docs/accountability.md): the expected start times and the figures,
 * shared by the routes, the services and the screens; the client's types come from here.
 */

const uuid = (label: string) => z.string().regex(UUID_PATTERN, `must be a valid ${label} id`);

// ---------------------------------------------------------------- expected start

/** "HH:MM", 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const setExpectedStartSchema = z
  .object({
    userId: uuid("member").optional(),
    unitId: uuid("department").optional(),
    time: z.string({ error: "Time is required" }).regex(TIME_OF_DAY, "must be a time like 08:30"),
  })
  .strict()
  .refine((v) => Boolean(v.userId) !== Boolean(v.unitId), { message: "Choose a member or a department", path: ["userId"] });
export type SetExpectedStartInput = z.infer<typeof setExpectedStartSchema>;

/** The admin screen's form: one picker for "unit:<id>" or "user:<id>", and the time; out comes the body. */
export const expectedStartFormSchema = z
  .object({ who: z.string(), time: z.string() })
  .transform(({ who, time }, ctx): SetExpectedStartInput => {
    if (!who) ctx.addIssue({ code: "custom", path: ["who"], message: "Choose a member or a department" });
    if (!TIME_OF_DAY.test(time)) ctx.addIssue({ code: "custom", path: ["time"], message: "Enter a time like 08:30" });
    const [kind, id] = who.split(":");
    return kind === "unit" ? { unitId: id, time } : { userId: id, time };
  });

export const expectedStartSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  unitId: z.string().nullable(),
  /** The member's or the department's name. */
  name: z.string(),
  /** "HH:MM", 24-hour. */
  time: z.string(),
});
export type ExpectedStartDto = z.infer<typeof expectedStartSchema>;

export const expectedStartListSchema = z.object({ items: z.array(expectedStartSchema) });
export type ExpectedStartList = z.infer<typeof expectedStartListSchema>;

export const minutesToTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
export const timeToMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

// ---------------------------------------------------------------- accountability

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const accountabilityQuerySchema = z
  .object({
    from: z.string().regex(DAY, "must be a date like 2026-11-01"),
    to: z.string().regex(DAY, "must be a date like 2026-11-30"),
  })
  .refine((v) => v.from <= v.to, { message: "The start must be on or before the end", path: ["from"] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 366, { message: "At most a year at once", path: ["to"] });
export type AccountabilityQuery = z.infer<typeof accountabilityQuerySchema>;

export const ACCOUNTABILITY_METRICS = [
  "overdue",
  "completedLate",
  "openPickups",
  "missedPunchIns",
  "latePunchIns",
  "forgottenPunchOuts",
  "timeCorrections",
  "scheduledMinutes",
  "workedMinutes",
  "noShows",
] as const;
export type AccountabilityMetric = (typeof ACCOUNTABILITY_METRICS)[number];

export const accountabilityDetailQuerySchema = z
  .object({
    from: z.string().regex(DAY, "must be a date like 2026-11-01"),
    to: z.string().regex(DAY, "must be a date like 2026-11-30"),
    metric: z.enum(ACCOUNTABILITY_METRICS, { error: "must be one of the figures" }),
    userId: uuid("member").optional(),
    unitId: uuid("department").optional(),
  })
  .refine((v) => v.from <= v.to, { message: "The start must be on or before the end", path: ["from"] });
export type AccountabilityDetailQuery = z.infer<typeof accountabilityDetailQuerySchema>;

export const accountabilityFiguresSchema = z.object({
  overdue: z.number().int(),
  completedLate: z.number().int(),
  completedOnTime: z.number().int(),
  /** On-time completions / completions in the period, 0–100; null without completions. */
  onTimeRate: z.number().nullable(),
  openPickups: z.number().int(),
  missedPunchIns: z.number().int(),
  latePunchIns: z.number().int(),
  forgottenPunchOuts: z.number().int(),
  timeCorrections: z.number().int(),
  /** Published shifts begun in the period (up to now): their length less the unpaid break, whole minutes. */
  scheduledMinutes: z.number().int(),
  /** Punched time in the period (up to now; an auto-closed punch counts 0), whole minutes. */
  workedMinutes: z.number().int(),
  /** Published shifts of the period, ended, that no punch touched. */
  noShows: z.number().int(),
});
export type AccountabilityFigures = z.infer<typeof accountabilityFiguresSchema>;

export const accountabilityRowSchema = accountabilityFiguresSchema.extend({
  id: z.string(),
  name: z.string(),
  /** Members: their departments' names. */
  detail: z.string(),
});
export type AccountabilityRow = z.infer<typeof accountabilityRowSchema>;

export const accountabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  members: z.array(accountabilityRowSchema),
  departments: z.array(accountabilityRowSchema),
});
export type AccountabilityDto = z.infer<typeof accountabilitySchema>;

export const accountabilityDetailItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  when: isoDateTime.nullable(),
  detail: z.string(),
  href: z.string().nullable(),
});
export type AccountabilityDetailItem = z.infer<typeof accountabilityDetailItemSchema>;

/** At most 500 items. */
export const accountabilityDetailsSchema = z.object({ items: z.array(accountabilityDetailItemSchema) });
export type AccountabilityDetails = z.infer<typeof accountabilityDetailsSchema>;
