import { z } from "zod";
import { dayKeyField, uuidField } from "./fields";
import { parseShiftTime, shiftTimeProblem, SHIFT_TIME_MESSAGE } from "@/lib/schedule/shift-times";
import { isoDateTime } from "./common";
import { multilineText, text } from "./text";

/** Schedules: shared by the route handlers and the screens. docs/schedules.md. */

export const SHIFT_NOTE_MAX_LENGTH = 500;
export const SHIFT_LABEL_MAX_LENGTH = 80;
/** The longest range one publication covers. */
export const MAX_PUBLISH_DAYS = 31;

const shiftTime = (field: string) =>
  text({ error: `${field} ${SHIFT_TIME_MESSAGE}` }).refine((v) => parseShiftTime(v) !== null, `${field} ${SHIFT_TIME_MESSAGE}`);

const label = (field: string) =>
  text({ error: `${field} must be text` })
    .trim()
    .max(SHIFT_LABEL_MAX_LENGTH, `${field} must be at most ${SHIFT_LABEL_MAX_LENGTH} characters`)
    .nullable()
    .optional();

const shiftFields = {
  userId: uuidField("userId").nullable().optional().describe("The member; null or absent for an open shift"),
  unitId: uuidField("unitId").describe("The department"),
  roleLabel: label("roleLabel"),
  punchLocation: label("punchLocation").describe("A punch post's location"),
  startsAt: shiftTime("startsAt").describe("Wall clock in the business zone (yyyy-MM-ddTHH:mm) or an ISO instant with offset"),
  endsAt: shiftTime("endsAt").describe("Wall clock in the business zone (yyyy-MM-ddTHH:mm) or an ISO instant with offset"),
  breakMinutes: z
    .number({ error: "breakMinutes must be a number" })
    .int("breakMinutes must be whole minutes")
    .min(0, "breakMinutes must be 0 or more")
    .max(600, "breakMinutes must be at most 600")
    .optional(),
  note: multilineText({ error: "note must be text" }).trim().max(SHIFT_NOTE_MAX_LENGTH, `note must be at most ${SHIFT_NOTE_MAX_LENGTH} characters`).nullable().optional(),
};

function checkTimes(value: { startsAt?: string; endsAt?: string; breakMinutes?: number }, ctx: z.RefinementCtx) {
  if (value.startsAt === undefined || value.endsAt === undefined) return;
  const [start, end] = [parseShiftTime(value.startsAt), parseShiftTime(value.endsAt)];
  if (!start || !end) return;
  const problem = shiftTimeProblem(start, end, value.breakMinutes ?? 0);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
}

export const createShiftSchema = z.object(shiftFields).strict().superRefine(checkTimes);
export type CreateShiftInput = z.infer<typeof createShiftSchema>;

/** Any of the fields; the times are checked against the stored ones by the service. */
export const updateShiftSchema = z
  .object({ ...shiftFields, unitId: shiftFields.unitId.optional(), startsAt: shiftFields.startsAt.optional(), endsAt: shiftFields.endsAt.optional() })
  .strict()
  .superRefine(checkTimes);
export type UpdateShiftInput = z.infer<typeof updateShiftSchema>;

export const weekQuerySchema = z.object({
  week: dayKeyField("week").optional().describe("Any day of the week (yyyy-MM-dd); default this week"),
  unitId: uuidField("unitId").optional().describe("One department only"),
});

export const publishScheduleSchema = z
  .object({
    from: dayKeyField("from"),
    to: dayKeyField("to"),
    unitId: uuidField("unitId").optional().describe("One department only; default every department the caller schedules"),
  })
  .strict()
  .refine((v) => v.to >= v.from, { path: ["to"], message: "to must be on or after from" })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_PUBLISH_DAYS, { path: ["to"], message: `to must be within ${MAX_PUBLISH_DAYS} days of from` });
export type PublishScheduleInput = z.infer<typeof publishScheduleSchema>;

// ---------------------------------------------------------------- answers

export const SHIFT_STATUSES = ["draft", "published"] as const;

export const shiftSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  memberName: z.string().nullable(),
  unitId: z.string(),
  unitName: z.string(),
  roleLabel: z.string().nullable(),
  punchLocation: z.string().nullable(),
  /** The punch post's name, or its location when it has none. */
  placeName: z.string().nullable(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  breakMinutes: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(SHIFT_STATUSES),
  publishedAt: isoDateTime.nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** A conflict of a saved shift (docs/schedules.md "Conflicts and overtime"): it warns, it does not refuse. */
export const SHIFT_WARNING_KINDS = ["overlap", "time_off", "unavailable", "outside_availability", "overtime"] as const;
export const shiftWarningSchema = z.object({
  kind: z.enum(SHIFT_WARNING_KINDS).describe("time_off: on the member's approved time off; unavailable / outside_availability: against their availability; overtime: past the weekly threshold"),
  message: z.string().describe('As the grid says it: "Takes Ana Lee to 42h this week, past the 40h overtime threshold"'),
});

/** The answer of adding or changing a shift: the shift and what it runs into (none for an open shift). */
export const savedShiftSchema = shiftSchema.extend({ warnings: z.array(shiftWarningSchema) });
export type SavedShift = z.infer<typeof savedShiftSchema>;

export const shiftChangeSchema = z.object({
  id: z.string(),
  action: z.string(),
  actorName: z.string(),
  at: isoDateTime,
  /** The fields that changed, "field: before → after". */
  summary: z.string(),
});

export const shiftDetailSchema = shiftSchema.extend({ history: z.array(shiftChangeSchema) });
export type ShiftDetail = z.infer<typeof shiftDetailSchema>;

export const scheduleWeekSchema = z.object({
  weekStart: z.string(),
  days: z.array(z.object({ date: z.string(), holidays: z.array(z.string()) })),
  /** The time policy's weekly overtime threshold (minutes); null = none. */
  weeklyOvertimeMinutes: z.number().int().nullable(),
  departments: z.array(z.object({ id: z.string(), name: z.string(), members: z.array(z.object({ id: z.string(), name: z.string() })) })),
  posts: z.array(z.object({ location: z.string(), name: z.string() })),
  shifts: z.array(shiftSchema),
  /** Approved time off of the listed members overlapping the week (docs/schedules.md "Time off"). */
  timeOff: z.array(z.object({ id: z.string(), userId: z.string(), typeName: z.string(), startDay: z.string(), endDay: z.string(), fullDays: z.boolean(), hoursPerDay: z.number() })),
  /** The listed members' approved availability on each day that has some (docs/schedules.md "Availability"). */
  availability: z.array(
    z.object({
      userId: z.string(),
      day: z.string(),
      blocks: z.array(z.object({ from: z.string(), to: z.string(), kind: z.enum(["available", "preferred", "unavailable"]) })),
      /** The day's own exception, not the weekly pattern. */
      exception: z.boolean(),
    }),
  ),
});
export type ScheduleWeek = z.infer<typeof scheduleWeekSchema>;

export const publishResultSchema = z.object({
  published: z.number().int(),
  notified: z.number().int(),
});

export const teamShiftSchema = z.object({
  memberName: z.string(),
  unitName: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
});

export const myScheduleQuerySchema = z.object({
  from: dayKeyField("from").optional().describe("First day (default today)"),
});

export const myScheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** My published shifts that have not ended, in order. */
  shifts: z.array(shiftSchema),
  /** Published open shifts of my departments that I may claim. */
  openShifts: z.array(shiftSchema),
  /** My departments' published shifts: names and times only. */
  team: z.array(teamShiftSchema),
});
export type MySchedule = z.infer<typeof myScheduleSchema>;
