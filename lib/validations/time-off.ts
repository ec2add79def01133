import { z } from "zod";
import { dayKeyField, uuidField } from "./fields";
import { daysBetween, isDateKey } from "@/lib/dates";
import { multilineText, text } from "./text";

/** Time off (docs/schedules.md "Time off"): shared by the route handlers and the screens. */

export const TIME_OFF_NOTE_MAX_LENGTH = 500;
/** The longest range one request covers. */
export const MAX_TIME_OFF_DAYS = 31;
/** A full day of time off counts 8 hours. */
export const FULL_DAY_MINUTES = 480;

const note = (field: string) =>
  multilineText({ error: `${field} must be text` }).trim().max(TIME_OFF_NOTE_MAX_LENGTH, `${field} must be at most ${TIME_OFF_NOTE_MAX_LENGTH} characters`).nullable().optional();

export const createTimeOffSchema = z
  .object({
    typeId: uuidField("typeId").describe("A time-off type (GET /api/time-off lists them)"),
    startDay: dayKeyField("startDay"),
    endDay: dayKeyField("endDay"),
    hoursPerDay: z
      .number({ error: "hoursPerDay must be a number" })
      .gt(0, "hoursPerDay must be more than 0")
      .max(24, "hoursPerDay must be at most 24")
      .refine((h) => Number.isInteger(h * 4), "hoursPerDay must be in quarter hours")
      .nullable()
      .optional()
      .describe("Hours off on each day; absent or null = full days (8 h each)"),
    note: note("note"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!isDateKey(v.startDay) || !isDateKey(v.endDay)) return;
    if (v.endDay < v.startDay) ctx.addIssue({ code: "custom", path: ["endDay"], message: "endDay must not be before startDay" });
    else if (daysBetween(v.startDay, v.endDay) + 1 > MAX_TIME_OFF_DAYS) ctx.addIssue({ code: "custom", path: ["endDay"], message: `endDay must be within ${MAX_TIME_OFF_DAYS} days of startDay` });
  });
export type CreateTimeOffInput = z.infer<typeof createTimeOffSchema>;

export const decideTimeOffSchema = z
  .object({
    decision: z.enum(["approve", "decline"], { error: "decision must be approve or decline" }),
    note: note("note"),
  })
  .strict();

export const ledgerEntrySchema = z
  .object({
    userId: uuidField("userId"),
    typeId: uuidField("typeId"),
    kind: z.enum(["grant", "adjustment"], { error: "kind must be grant or adjustment" }),
    hours: z
      .number({ error: "hours must be a number" })
      .refine((h) => h !== 0, "hours must not be 0")
      .refine((h) => Math.abs(h) <= 10_000, "hours must be at most 10000")
      .refine((h) => Number.isInteger(h * 4), "hours must be in quarter hours"),
    reason: text({ error: "reason must be text" }).trim().min(1, "reason is required").max(TIME_OFF_NOTE_MAX_LENGTH, `reason must be at most ${TIME_OFF_NOTE_MAX_LENGTH} characters`),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === "grant" && v.hours < 0) ctx.addIssue({ code: "custom", path: ["hours"], message: "hours of a grant must be more than 0" });
  });

const statusSchema = z.enum(["pending", "approved", "declined", "cancelled"]);

export const timeOffTypeSchema = z.object({ id: z.string(), key: z.string(), name: z.string(), paid: z.boolean() });

export const timeOffRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  memberName: z.string(),
  typeId: z.string(),
  typeName: z.string(),
  paid: z.boolean(),
  startDay: z.string(),
  endDay: z.string(),
  fullDays: z.boolean(),
  hoursPerDay: z.number(),
  hours: z.number().describe("What approval takes from the balance (paid types)"),
  note: z.string().nullable(),
  status: statusSchema,
  decidedByName: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const timeOffBalanceSchema = z.object({ typeId: z.string(), typeName: z.string(), hours: z.number() });

export const myTimeOffSchema = z.object({
  types: z.array(timeOffTypeSchema),
  requests: z.array(timeOffRequestSchema).describe("Newest first, the latest 100"),
  balances: z.array(timeOffBalanceSchema).describe("One per paid type: the sum of the ledger"),
});

export const pendingTimeOffSchema = z.object({ requests: z.array(timeOffRequestSchema) });

export const ledgerRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  typeId: z.string(),
  kind: z.enum(["grant", "accrual", "use", "adjustment"]),
  hours: z.number(),
  reason: z.string(),
  actorId: z.string(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  balance: z.number().describe("The member's balance of the type after this row"),
});

// ---- types (docs/schedules.md "Time off": admins add, rename, switch paid, deactivate, order) ----

export const TIME_OFF_TYPE_NAME_MAX_LENGTH = 60;

const typeName = text({ error: "name must be text" })
  .trim()
  .min(1, "name is required")
  .max(TIME_OFF_TYPE_NAME_MAX_LENGTH, `name must be at most ${TIME_OFF_TYPE_NAME_MAX_LENGTH} characters`);
const paid = z.boolean({ error: "paid must be true or false" });

export const createTimeOffTypeSchema = z
  .object({
    name: typeName.describe("Unique whatever its case"),
    paid: paid.describe("A paid type has a balance (and may have a policy); an unpaid one none"),
  })
  .strict();
export type CreateTimeOffTypeInput = z.infer<typeof createTimeOffTypeSchema>;

export const updateTimeOffTypeSchema = z
  .object({
    name: typeName.optional(),
    paid: paid.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional().describe("An inactive type cannot be requested; its requests and balances stay"),
    position: z
      .number({ error: "position must be a number" })
      .int("position must be a whole number")
      .min(1, "position must be 1 or more")
      .max(1000, "position must be at most 1000")
      .optional()
      .describe("Where the type goes in the list (1 = first; past the end = last); the others keep their order"),
  })
  .strict();
export type UpdateTimeOffTypeInput = z.infer<typeof updateTimeOffTypeSchema>;

export const timeOffTypeAdminSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  paid: z.boolean(),
  active: z.boolean(),
  position: z.number().int().describe("1 = first"),
});

export const timeOffTypesSchema = z.object({ types: z.array(timeOffTypeAdminSchema).describe("Every type, active or not, in their order") });

// ---- policies (docs/schedules.md "Policies") ----

const quarterHours = (field: string, { positive }: { positive: boolean }) =>
  z
    .number({ error: `${field} must be a number` })
    .refine((h) => (positive ? h > 0 : h >= 0), `${field} must be ${positive ? "more than 0" : "0 or more"}`)
    .refine((h) => h <= 10_000, `${field} must be at most 10000`)
    .refine((h) => Number.isInteger(h * 4), `${field} must be in quarter hours`);

export const timeOffPolicyInputSchema = z
  .object({
    method: z.enum(["yearly_grant", "accrual"], { error: "method must be yearly_grant or accrual" }),
    yearlyHours: quarterHours("yearlyHours", { positive: true }).nullable().optional().describe("yearly_grant: hours granted on Jan 1 of each year"),
    accrualHours: quarterHours("accrualHours", { positive: true }).nullable().optional().describe("accrual: hours earned per perHoursWorked (1 per 30)"),
    perHoursWorked: quarterHours("perHoursWorked", { positive: true }).nullable().optional(),
    carryOverCapHours: quarterHours("carryOverCapHours", { positive: false }).nullable().optional().describe("At most this much carries into a new year; absent = no cap"),
    startDay: dayKeyField("startDay").describe("The first day the policy counts from"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.method === "yearly_grant" && !v.yearlyHours) ctx.addIssue({ code: "custom", path: ["yearlyHours"], message: "yearlyHours is required for a yearly grant" });
    if (v.method === "accrual" && !v.accrualHours) ctx.addIssue({ code: "custom", path: ["accrualHours"], message: "accrualHours is required for accrual" });
    if (v.method === "accrual" && !v.perHoursWorked) ctx.addIssue({ code: "custom", path: ["perHoursWorked"], message: "perHoursWorked is required for accrual" });
  });
export type TimeOffPolicyInput = z.infer<typeof timeOffPolicyInputSchema>;

export const timeOffPolicySchema = z.object({
  typeId: z.string(),
  typeName: z.string(),
  method: z.enum(["yearly_grant", "accrual"]),
  yearlyHours: z.number().nullable(),
  accrualHours: z.number().nullable(),
  perHoursWorked: z.number().nullable(),
  carryOverCapHours: z.number().nullable(),
  startDay: z.string(),
});

export const timeOffPoliciesSchema = z.object({
  /** Every paid type, with its policy or null. */
  types: z.array(z.object({ typeId: z.string(), typeName: z.string(), policy: timeOffPolicySchema.nullable() })),
});

export const policyRunSchema = z.object({
  accrued: z.number().int().describe("Accrual rows written (locked pay periods)"),
  granted: z.number().int().describe("Yearly grant rows written"),
  capped: z.number().int().describe("Carry-over cap rows written"),
});

export const myLedgerQuerySchema = z.object({ typeId: uuidField("typeId").optional().describe("One type only") });

export const myLedgerSchema = z.object({
  balances: z.array(
    timeOffBalanceSchema.extend({
      /** The rows behind the balance, newest first (the latest 200), each with the balance after it. */
      rows: z.array(
        z.object({
          id: z.string(),
          kind: z.enum(["grant", "accrual", "use", "adjustment"]),
          hours: z.number(),
          reason: z.string(),
          actorName: z.string(),
          periodStart: z.string().nullable(),
          createdAt: z.string(),
          balance: z.number(),
        }),
      ),
    }),
  ),
});
