import { z } from "zod";
import { dayKeyField, uuidField } from "./fields";
import { daysBetween, isDateKey } from "@/lib/dates";
import { AVAILABILITY_KINDS, blocksProblem } from "@/lib/schedule/availability";
import { shiftSchema } from "./schedule";
import { isoDateTime } from "./common";
import { multilineText, text } from "./text";

/** Schedule planning (docs/schedules.md "Templates", "Availability"): shared by the handlers and the screens. */

export const TEMPLATE_NAME_MAX_LENGTH = 80;
/** The longest range one template application covers. */
export const MAX_APPLY_DAYS = 31;
export const AVAILABILITY_NOTE_MAX_LENGTH = 500;
export const MAX_AVAILABILITY_BLOCKS = 50;

const note = (field: string) =>
  multilineText({ error: `${field} must be text` }).trim().max(AVAILABILITY_NOTE_MAX_LENGTH, `${field} must be at most ${AVAILABILITY_NOTE_MAX_LENGTH} characters`).nullable().optional();

// ---------------------------------------------------------------- templates and copying

export const saveTemplateSchema = z
  .object({
    name: text({ error: "name must be text" }).trim().min(1, "name is required").max(TEMPLATE_NAME_MAX_LENGTH, `name must be at most ${TEMPLATE_NAME_MAX_LENGTH} characters`),
    week: dayKeyField("week").describe("Any day of the week to save (yyyy-MM-dd)"),
    unitId: uuidField("unitId").optional().describe("One department only; default every department the caller schedules"),
  })
  .strict();
export type SaveTemplateInput = z.infer<typeof saveTemplateSchema>;

export const applyTemplateSchema = z
  .object({
    from: dayKeyField("from"),
    to: dayKeyField("to"),
    skipHolidays: z.boolean({ error: "skipHolidays must be true or false" }).optional().describe("Leave out the days of the holiday calendar"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!isDateKey(v.from) || !isDateKey(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "to must be on or after from" });
    else if (daysBetween(v.from, v.to) + 1 > MAX_APPLY_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `to must be within ${MAX_APPLY_DAYS} days of from` });
  });
export type ApplyTemplateInput = z.infer<typeof applyTemplateSchema>;

export const copyWeekSchema = z
  .object({
    week: dayKeyField("week").describe("Any day of the week to fill; the week before it is copied"),
    unitId: uuidField("unitId").optional().describe("One department only"),
    skipHolidays: z.boolean({ error: "skipHolidays must be true or false" }).optional(),
  })
  .strict();
export type CopyWeekInput = z.infer<typeof copyWeekSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  shiftCount: z.number().int(),
  departments: z.array(z.string()),
  createdByName: z.string(),
  createdAt: isoDateTime,
});
export const templateListSchema = z.object({ templates: z.array(templateSchema) });

export const SKIP_REASONS = ["holiday", "overlap", "already_scheduled", "not_a_member", "too_long"] as const;

/** What an application or a copy did: "12 shifts added, 2 skipped". */
export const applyResultSchema = z.object({
  added: z.number().int(),
  /** "12 shifts added, 2 skipped". */
  summary: z.string(),
  shifts: z.array(shiftSchema),
  skipped: z.array(
    z.object({
      reason: z.enum(SKIP_REASONS),
      /** "Ana Lee · Mon, Dec 14 8:00–4:30: overlaps another of their shifts". */
      message: z.string(),
      day: z.string(),
    }),
  ),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

// ---------------------------------------------------------------- availability

const clock = (field: string, allowMidnight: boolean) =>
  text({ error: `${field} must be a time (HH:mm)` }).refine(
    (v) => (allowMidnight && v === "24:00") || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
    `${field} must be a time (HH:mm)${allowMidnight ? ", or 24:00" : ""}`,
  );

const blockSchema = z
  .object({
    weekday: z.number({ error: "weekday must be a number" }).int("weekday must be 0 (Sunday) to 6").min(0, "weekday must be 0 (Sunday) to 6").max(6, "weekday must be 0 (Sunday) to 6").optional(),
    from: clock("from", false),
    to: clock("to", true),
    kind: z.enum(AVAILABILITY_KINDS, { error: "kind must be available, preferred or unavailable" }),
  })
  .strict();

export const submitAvailabilitySchema = z
  .object({
    day: dayKeyField("day").nullable().optional().describe("A date's exception; absent or null = the weekly pattern"),
    blocks: z.array(blockSchema, { error: "blocks must be a list" }).max(MAX_AVAILABILITY_BLOCKS, `blocks must hold at most ${MAX_AVAILABILITY_BLOCKS} times`),
    note: note("note"),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = blocksProblem(v.blocks, !v.day);
    if (problem) ctx.addIssue({ code: "custom", path: ["blocks", ...problem.path], message: problem.message });
  });
export type SubmitAvailabilityInput = z.infer<typeof submitAvailabilitySchema>;

export const decideAvailabilitySchema = z
  .object({
    decision: z.enum(["approve", "decline"], { error: "decision must be approve or decline" }),
    note: note("note"),
  })
  .strict();

export const scheduleSettingsSchema = z
  .object({
    availabilityRequiresApproval: z.boolean({ error: "availabilityRequiresApproval must be true or false" }),
  })
  .strict();

export const AVAILABILITY_STATUSES = ["pending", "approved", "declined", "superseded", "withdrawn"] as const;

const blockOut = z.object({ weekday: z.number().int().optional(), from: z.string(), to: z.string(), kind: z.enum(AVAILABILITY_KINDS) });

export const availabilityRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  memberName: z.string(),
  /** null = the weekly pattern. */
  day: z.string().nullable(),
  blocks: z.array(blockOut),
  note: z.string().nullable(),
  status: z.enum(AVAILABILITY_STATUSES),
  decidedByName: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
  decisionNote: z.string().nullable(),
  /** When the member withdrew it (status withdrawn). */
  withdrawnAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;

export const myAvailabilitySchema = z.object({
  requiresApproval: z.boolean(),
  /** The weekly pattern in force (approved); empty = no limits. */
  weekly: z.array(blockOut),
  /** Approved date exceptions from today on. */
  exceptions: z.array(availabilityRequestSchema),
  /** My changes waiting for a manager, and the last decided ones. */
  requests: z.array(availabilityRequestSchema),
});

export const pendingAvailabilitySchema = z.object({
  requests: z.array(availabilityRequestSchema.extend({ current: z.array(blockOut) })),
});

export const scheduleSettingsAnswerSchema = z.object({ availabilityRequiresApproval: z.boolean() });
