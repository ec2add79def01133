/**
 * Pay rates and labour cost (docs/time.md "Pay rates and labour cost"): request and answer
 * schemas. Amounts arrive in dollars (`moneyField`: at most two decimals, never negative) and are
 * answered in integer cents.
 */
import { z } from "zod";
import { centsSchema, moneyField } from "@/lib/money";
import { isoDateTime } from "./common";
import { dayKeyField, optionalText, uuidField } from "./fields";

export const PAY_RATE_KINDS = ["hourly", "salaried"] as const;
const kindField = z.enum(PAY_RATE_KINDS, { error: 'kind must be "hourly" or "salaried"' });
const roleLabelField = optionalText("roleLabel", 80);
/** The largest amount a rate holds: $20,000,000.00 (a year's salary), within the integer column. */
export const MAX_RATE_CENTS = 2_000_000_000;
const amountField = moneyField("amount").refine((cents) => cents <= MAX_RATE_CENTS, "amount must be at most 20,000,000.00");

/** POST /api/members/{id}/pay-rates: `amount` is dollars an hour (hourly) or a year (salaried). */
export const createPayRateSchema = z
  .object({
    kind: kindField,
    amount: amountField,
    effectiveFrom: dayKeyField("effectiveFrom"),
    roleLabel: roleLabelField,
    unitId: uuidField("unitId").nullable().optional(),
    note: optionalText("note", 500),
  })
  .refine((v) => !(v.roleLabel && v.unitId), { message: "roleLabel and unitId: a rate pays a role label or a department, not both", path: ["unitId"] });
export type CreatePayRateInput = z.input<typeof createPayRateSchema>;

/** PATCH /api/pay-rates/{id}: a correction of the rate itself (a new rate from a day is a new row). */
export const updatePayRateSchema = z
  .object({
    kind: kindField.optional(),
    amount: amountField.optional(),
    effectiveFrom: dayKeyField("effectiveFrom").optional(),
    note: optionalText("note", 500),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change: give kind, amount, effectiveFrom or note" });

const day = z.string().describe("yyyy-MM-dd");
const person = z.object({ id: z.string(), name: z.string() });

export const payRateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: z.enum(PAY_RATE_KINDS),
  /** Cents per hour (hourly) or a year (salaried). */
  amountCents: centsSchema,
  /** What an hour costs at this rate, in cents, unrounded for a salary (amount / 2080). */
  centsPerHour: z.number(),
  roleLabel: z.string().nullable(),
  unit: z.object({ id: z.string(), name: z.string() }).nullable(),
  effectiveFrom: day,
  note: z.string().nullable(),
  setBy: person.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PayRate = z.output<typeof payRateSchema>;

/** One audited change of a member's rates: who, when, what it was, what it became. */
export const payRateChangeSchema = z.object({
  id: z.string(),
  action: z.enum(["pay_rate.create", "pay_rate.update", "pay_rate.delete"]),
  rateId: z.string(),
  actor: person.nullable(),
  at: isoDateTime,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

/** GET /api/members/{id}/pay-rates: every rate (newest first) and the history of changes. */
export const payRatesAnswerSchema = z.object({ rates: z.array(payRateSchema), history: z.array(payRateChangeSchema) });
export type PayRatesAnswer = z.output<typeof payRatesAnswerSchema>;

// ------------------------------------------------------------------------- labour cost

/** A range: the pay period containing `period`, or `from`..`to` (at most 366 days). Default: this pay period. */
const rangeQuery = z.object({
  period: dayKeyField("period").optional(),
  from: dayKeyField("from").optional(),
  to: dayKeyField("to").optional(),
});
const checkRange = <T extends { from?: string; to?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (Boolean(v.from) !== Boolean(v.to)) ctx.addIssue({ code: "custom", message: "from and to go together", path: [v.from ? "to" : "from"] });
  else if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: "custom", message: "to must be on or after from", path: ["to"] });
};

export const LABOUR_COST_GROUPS = ["member", "department", "project", "run", "case"] as const;
/** GET /api/labour-cost: the range's worked cost grouped by member, department, project, process run or memorial case. */
export const labourCostQuerySchema = rangeQuery
  .extend({ by: z.enum(LABOUR_COST_GROUPS, { error: 'by must be "member", "department", "project", "run" or "case"' }).default("department") })
  .superRefine(checkRange);

/**
 * GET /api/labour-cost/lines: the minutes behind one figure. One of `userId` (a member's time card
 * cost, by day and part), `unitId`, `projectId`, `processRunId` or `caseId` (task minutes), or
 * `noTask=true` (worked time clocked into no task). A project, run or case without a range: all its time.
 */
export const labourCostLinesQuerySchema = rangeQuery
  .extend({
    userId: uuidField("userId").optional(),
    unitId: uuidField("unitId").optional(),
    projectId: uuidField("projectId").optional(),
    processRunId: uuidField("processRunId").optional(),
    caseId: uuidField("caseId").optional(),
    noTask: z.enum(["true"], { error: 'noTask must be "true"' }).optional(),
  })
  .superRefine(checkRange)
  .superRefine((v, ctx) => {
    const given = (["userId", "unitId", "projectId", "processRunId", "caseId", "noTask"] as const).filter((k) => v[k] !== undefined);
    if (given.length !== 1) ctx.addIssue({ code: "custom", message: "Give exactly one of userId, unitId, projectId, processRunId, caseId or noTask", path: [given[1] ?? "userId"] });
  });

const costRange = z.object({ from: day, to: day });

export const labourCostGroupSchema = z.object({
  /** The member, department, project, run or case; null = worked time clocked into no task (by department, project, run or case). */
  id: z.string().nullable(),
  label: z.string(),
  minutes: z.number(),
  /** Rounded once, on this figure. */
  cents: centsSchema,
});
export const labourCostAnswerSchema = z.object({
  range: costRange,
  by: z.enum(LABOUR_COST_GROUPS),
  groups: z.array(labourCostGroupSchema),
  /** Every worked and paid-time-off minute of the range, costed (equals the time card's period cost for a pay period). */
  totalCents: centsSchema,
  totalMinutes: z.number(),
  /** Minutes of members without a rate in force (costed at nothing). */
  unratedMinutes: z.number(),
});
export type LabourCostAnswer = z.output<typeof labourCostAnswerSchema>;

export const COST_PART_LABELS = { regular: "Regular", overtime: "Overtime", doubleTime: "Double time", premium: "Premium", pto: "Paid time off", task: "Task time", noTask: "Not on a task" } as const;

export const labourCostLineSchema = z.object({
  date: day,
  member: person,
  part: z.enum(["regular", "overtime", "doubleTime", "premium", "pto", "task", "noTask"]),
  /** The task of task minutes; null for a time card part. A private task's title is "Private task". */
  task: z.object({ id: z.string(), displayNumber: z.number().int().nullable(), title: z.string() }).nullable(),
  minutes: z.number(),
  centsPerHour: z.number(),
  multiplier: z.number(),
  /** Unrounded cents of this line: the figure above rounds once, on the sum. */
  cents: z.number(),
});
export const labourCostLinesAnswerSchema = z.object({
  range: costRange,
  lines: z.array(labourCostLineSchema),
  totalMinutes: z.number(),
  totalCents: centsSchema,
  unratedMinutes: z.number(),
});
export type LabourCostLinesAnswer = z.output<typeof labourCostLinesAnswerSchema>;

/** What the time card carries per member when the caller may read pay (`pay.read`): the cost per day and for the period. */
export const timeCardCostSchema = z.object({
  days: z.array(z.object({ date: day, cents: centsSchema })),
  regularCents: centsSchema,
  overtimeCents: centsSchema,
  doubleTimeCents: centsSchema,
  premiumCents: centsSchema,
  ptoCents: centsSchema,
  /** The period's cost, rounded once from the unrounded parts (so it may differ by a cent from the sum of the rounded days). */
  totalCents: centsSchema,
  /** Minutes with no rate in force. */
  unratedMinutes: z.number(),
});
export type TimeCardCost = z.output<typeof timeCardCostSchema>;

/** GET /api/labour-cost/schedule: a week's scheduled cost beside its worked cost. */
export const scheduleCostQuerySchema = z.object({ week: dayKeyField("week") });
export const scheduleCostAnswerSchema = z.object({
  from: day,
  to: day,
  days: z.array(z.object({ date: day, scheduledMinutes: z.number(), scheduledCents: centsSchema, workedCents: centsSchema })),
  scheduledCents: centsSchema,
  workedCents: centsSchema,
  /** Shifts of members with no rate in force (costed at nothing), and open shifts (no member yet). */
  unratedShifts: z.number().int(),
  /** Each shift's cost (null: an open shift, or no rate in force) and its overtime and double-time minutes. */
  shifts: z.array(z.object({ id: z.string(), cents: centsSchema.nullable(), overtimeMinutes: z.number() })),
});
export type ScheduleCostAnswer = z.output<typeof scheduleCostAnswerSchema>;
