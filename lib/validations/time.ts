import { z } from "zod";
import { uuidField } from "./fields";
import { PUNCH_OUT_REASONS } from "@/lib/constants";
import { isDateKey } from "@/lib/dates";
import { ROUNDING_STEPS } from "@/lib/time/calc";
import { PRESET_IDS } from "@/lib/time/rules";
import { isoDateTime } from "./common";
import { timeCardCostSchema } from "./pay";
import { dateString } from "./dates";
import { multilineText, text } from "./text";

/** Time administration: shared by the route handlers and the screens. docs/time.md. */

export const TIME_REASON_MAX_LENGTH = 500;
/** The longest range one read covers (a custom range of the time logs). */
export const MAX_RANGE_DAYS = 62;

export const dateKey = (field: string) =>
  text({ error: `${field} must be a date (yyyy-MM-dd)` })
    .refine((v) => isDateKey(v), `${field} must be a date (yyyy-MM-dd)`)
    .refine((v) => v >= "1900-01-01" && v <= "2200-12-31", `${field} must be between 1900 and 2200`);

export const reasonField = multilineText({ error: (issue) => (issue.input === undefined ? "Reason is required" : "Reason must be text") })
  .trim()
  .min(1, "Reason is required")
  .max(TIME_REASON_MAX_LENGTH, `Reason must be at most ${TIME_REASON_MAX_LENGTH} characters`);

export const TIME_RANGES = ["day", "week", "period", "custom"] as const;
export type TimeRangeKind = (typeof TIME_RANGES)[number];

/** GET /api/time/logs and its exports: one member (default: the caller) over a range. */
export const timeLogQuerySchema = z.object({
  userId: uuidField("userId").optional(),
  range: z.enum(TIME_RANGES, { error: `range must be one of: ${TIME_RANGES.join(", ")}` }).default("week"),
  /** Any day inside the range (day, week, period); default today. */
  date: dateKey("date").optional(),
  /** custom only. */
  from: dateKey("from").optional(),
  to: dateKey("to").optional(),
});
export type TimeLogQuery = z.infer<typeof timeLogQuerySchema>;

export const timeLogExportQuerySchema = timeLogQuerySchema.extend({
  format: z.enum(["csv", "pdf"], { error: 'format must be "csv" or "pdf"' }).default("csv"),
});

/** GET /api/admin/time/card and the payroll exports: the pay period containing `period` (default today). */
const periodQuerySchema = z.object({ period: dateKey("period").optional() });
/** The grid: one page of members when `page` is given (else all of them), optionally filtered by name or e-mail. */
export const timeCardQuerySchema = periodQuerySchema.extend({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").max(10_000).optional(),
  pageSize: z.coerce.number({ error: "pageSize must be a number" }).int().min(1).max(200, "pageSize must be at most 200").optional(),
  q: text().trim().max(100, "q must be at most 100 characters").optional(),
});
export const payrollExportQuerySchema = periodQuerySchema.extend({
  kind: z.enum(["summary", "detail"], { error: 'kind must be "summary" or "detail"' }).default("summary"),
  /** Default: the saved option (CSV until changed). */
  format: z.enum(["csv", "xlsx"], { error: 'format must be "csv" or "xlsx"' }).optional(),
  /** A layout id (summary only); default: the saved option. */
  layout: text().trim().max(40, "layout must be at most 40 characters").optional(),
  /** Provider layouts hold locked periods only; `true` takes members whose period is not locked too. */
  unlocked: z.enum(["true", "false"], { error: 'unlocked must be "true" or "false"' }).optional().transform((v) => v === "true"),
});

const instant = (field: string) => dateString(`${field} must be a date and time`, { error: `${field} is required` });
const reasonChoice = z.enum(PUNCH_OUT_REASONS, { error: `outReason must be one of: ${PUNCH_OUT_REASONS.join(", ")}` });

export const TIME_EDIT_ACTIONS = ["update-punch", "create-punch", "split-punch", "delete-punch", "update-entry", "delete-entry"] as const;

/** POST /api/admin/time/edits: one edit of a punch or a task-time entry, always with a reason. */
export const timeEditSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("update-punch"),
      punchId: uuidField("punchId"),
      punchInAt: instant("punchInAt"),
      punchOutAt: instant("punchOutAt"),
      outReason: reasonChoice.optional(),
      reason: reasonField,
    }),
    z.object({
      action: z.literal("create-punch"),
      userId: uuidField("userId"),
      punchInAt: instant("punchInAt"),
      punchOutAt: instant("punchOutAt"),
      outReason: reasonChoice.default("End of Workday"),
      reason: reasonField,
    }),
    z.object({
      action: z.literal("split-punch"),
      punchId: uuidField("punchId"),
      /** The first part ends here and the second starts `gapMinutes` later. */
      at: instant("at"),
      gapMinutes: z.number({ error: "gapMinutes must be a number" }).int().min(0).max(720).default(0),
      outReason: reasonChoice.default("Break"),
      reason: reasonField,
    }),
    z.object({ action: z.literal("delete-punch"), punchId: uuidField("punchId"), reason: reasonField }),
    z.object({
      action: z.literal("update-entry"),
      entryId: uuidField("entryId"),
      startedAt: instant("startedAt"),
      endedAt: instant("endedAt"),
      reason: reasonField,
    }),
    z.object({ action: z.literal("delete-entry"), entryId: uuidField("entryId"), reason: reasonField }),
  ],
  { error: "action must be one of: update-punch, create-punch, split-punch, delete-punch, update-entry, delete-entry" },
);
export type TimeEditInput = z.infer<typeof timeEditSchema>;

/** POST /api/time/corrections: a member asks for their own time to be corrected. */
export const correctionRequestSchema = z.object({
  /** The punch to correct; absent asks for a missing punch. */
  punchId: uuidField("punchId").optional(),
  requestedInAt: instant("requestedInAt"),
  requestedOutAt: instant("requestedOutAt"),
  reason: reasonField,
});
export type CorrectionRequestInput = z.infer<typeof correctionRequestSchema>;

/** POST /api/admin/time/corrections/{id}: approve (applied as an edit) or reject. */
export const correctionDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: 'decision must be "approve" or "reject"' }),
  note: multilineText({ error: "note must be text" }).trim().max(TIME_REASON_MAX_LENGTH).optional(),
});

const userIdsField = z.array(uuidField("userIds[]"), { error: "userIds must be a list of ids" }).min(1, "userIds must name at least one member").max(1000, "userIds must name at most 1000 members");

/** POST /api/admin/time/approvals (approve), .../approvals/withdraw and /api/admin/time/locks: the given members, or every active member. */
export const approvePeriodSchema = z.object({ period: dateKey("period"), userIds: userIdsField.optional() });
export const withdrawApprovalSchema = approvePeriodSchema;
export const lockPeriodSchema = approvePeriodSchema;

/** POST /api/admin/time/approvals/unlock: one member's period (`userId`), the given members' (`userIds`), or every member's that is locked. */
export const unlockPeriodSchema = z.object({ period: dateKey("period"), userId: uuidField("userId").optional(), userIds: userIdsField.optional(), reason: reasonField });

const minutes = (field: string, max: number) =>
  z.number({ error: `${field} must be a number of minutes` }).int(`${field} must be whole minutes`).min(0, `${field} must be 0 or more`).max(max, `${field} must be at most ${max}`);

/** PUT /api/admin/time/policy. */
export const timePolicySchema = z.object({
  payPeriodKind: z.enum(["weekly", "biweekly", "semimonthly"], { error: 'payPeriodKind must be "weekly", "biweekly" or "semimonthly"' }),
  payPeriodAnchor: dateKey("payPeriodAnchor"),
  lunchPaidMinutes: minutes("lunchPaidMinutes", 240),
  breakPaidMinutes: minutes("breakPaidMinutes", 240),
  dailyOvertimeMinutes: minutes("dailyOvertimeMinutes", 24 * 60).min(60, "dailyOvertimeMinutes must be at least 60").nullable(),
  weeklyOvertimeMinutes: minutes("weeklyOvertimeMinutes", 7 * 24 * 60).min(60, "weeklyOvertimeMinutes must be at least 60").nullable(),
  forgottenPunchHours: z.number({ error: "forgottenPunchHours must be a number" }).int().min(1, "forgottenPunchHours must be at least 1").max(72, "forgottenPunchHours must be at most 72"),
  autoCloseForgotten: z.boolean({ error: "autoCloseForgotten must be true or false" }),
  exportRoundingMinutes: z
    .number({ error: "exportRoundingMinutes must be a number" })
    .refine((v) => (ROUNDING_STEPS as readonly number[]).includes(v), "exportRoundingMinutes must be 0, 1, 5, 6 or 15"),
});
export type TimePolicyInput = z.infer<typeof timePolicySchema>;


const localInput = (field: string) =>
  z.string({ error: `${field} is required` }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, `${field} is required`);

/** The screens' form for a start, an end and a reason (datetime-local values in the business time zone). */
export const timeWindowFormSchema = z
  .object({ start: localInput("Start"), end: localInput("End"), reason: reasonField })
  .refine((v) => v.end > v.start, { path: ["end"], message: "The end must be after the start." });
export type TimeWindowForm = z.infer<typeof timeWindowFormSchema>;

/**
 * The time card's "Edit punch" form: the window, the punch-out reason and the edit's reason. The
 * punch-out reason starts as the punch's own (kept unless the admin changes it); a punch that has
 * none yet (an open, forgotten one) needs one chosen.
 */
export const punchEditFormSchema = z
  .object({
    start: localInput("Start"),
    end: localInput("End"),
    outReason: z.string({ error: "Punch-out reason is required" }).min(1, "Punch-out reason is required"),
    reason: reasonField,
  })
  .refine((v) => v.end > v.start, { path: ["end"], message: "The end must be after the start." });
export type PunchEditForm = z.infer<typeof punchEditFormSchema>;

/** The screens' form for a reason alone (delete, unlock). */
export const reasonFormSchema = z.object({ reason: reasonField });

/** GET /api/admin/time/corrections. */
export const listCorrectionsQuerySchema = z.object({
  status: z.enum(["pending", "approved", "rejected"], { error: 'status must be "pending", "approved" or "rejected"' }).optional(),
});

// ---------------------------------------------------------------- answers

const day = z.string().describe("yyyy-MM-dd");
const payPeriod = z.object({ start: day, end: day.describe("yyyy-MM-dd, the last day, included") });
const member = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), memberType: z.string(), isActive: z.boolean() });

/** The time policy as stored (the defaults until an admin saves one). */
export const timePolicyValuesSchema = z.object({
  payPeriodKind: z.enum(["weekly", "biweekly", "semimonthly"]),
  payPeriodAnchor: day,
  lunchPaidMinutes: z.number().int(),
  breakPaidMinutes: z.number().int(),
  dailyOvertimeMinutes: z.number().int().nullable(),
  weeklyOvertimeMinutes: z.number().int().nullable(),
  forgottenPunchHours: z.number().int(),
  autoCloseForgotten: z.boolean(),
  exportRoundingMinutes: z.number(),
});

const rangeTotals = z.object({
  workedMs: z.number(),
  regularMs: z.number(),
  /** Overtime at 1.5× (double time not included). */
  overtimeMs: z.number(),
  /** Double time (2×), whole minutes: worked = regular + overtime + double time. */
  doubleTimeMinutes: z.number().int(),
  /** Missed-break premium owed (minutes of pay on top of worked time; waived ones left out). */
  premiumMinutes: z.number().int(),
  paidBreakMs: z.number(),
  unpaidBreakMs: z.number(),
  /** Days with worked time. */
  daysWorked: z.number().int(),
});

/** POST /api/admin/time/approvals. */
export const approvePeriodResultSchema = z.object({ period: payPeriod, approved: z.number().int() });
/** POST /api/admin/time/approvals/withdraw. */
export const withdrawApprovalResultSchema = z.object({ period: payPeriod, withdrawn: z.number().int() });
/** POST /api/admin/time/locks: members locked now, and how many of them were not approved. */
export const lockPeriodResultSchema = z.object({ period: payPeriod, locked: z.number().int(), notApproved: z.number().int() });
/** POST /api/admin/time/approvals/unlock. */
export const unlockPeriodResultSchema = z.object({ period: payPeriod, unlocked: z.number().int() });

/** A break the day's rules required that the punches do not show (lib/time/rules.ts), with its waiver if an admin gave one. */
export const breakIssueSchema = z.object({
  date: day,
  kind: z.enum(["meal", "rest"]),
  /** 1 for the first meal (or rest) of the day. */
  index: z.number().int(),
  problem: z.enum(["missed", "short", "late"]),
  requiredMinutes: z.number().int(),
  takenMinutes: z.number().int().nullable(),
  /** The meal had to begin by this many minutes worked that day (null: any time). */
  startByWorkedMinutes: z.number().int().nullable(),
  waiver: z.object({ id: z.string(), reason: z.string(), by: z.string(), at: isoDateTime }).nullable(),
});

/** GET /api/admin/time/card: every member's totals of one pay period (the punches stay on the server). */
export const timeCardSchema = z.object({
  period: payPeriod,
  previous: day,
  next: day,
  timeZone: z.string(),
  policy: timePolicyValuesSchema,
  dates: z.array(day),
  rows: z.array(
    z.object({
      /** `payrollId`: the member's id in the payroll provider (the export dialog warns when it is missing). */
      member: member.extend({ payrollId: z.string().nullable() }),
      /** Each day's figures (docs/time.md "The calculation"): worked = regular + overtime + double time; premium is pay owed on top. */
      days: z.array(
        z.object({
          date: day,
          workedMs: z.number(),
          regularMs: z.number(),
          overtimeMs: z.number(),
          doubleTimeMinutes: z.number().int(),
          premiumMinutes: z.number().int(),
        }),
      ),
      totals: rangeTotals,
      /** The preset whose rules made the figures (the member's department or the organization's; a punch post may override a day). */
      jurisdiction: z.enum(PRESET_IDS),
      /** Missed, short or late breaks of the period (docs/time.md "Missed breaks"). */
      breakIssues: z.array(breakIssueSchema),
      /** True when the figures are the ones stored when the period locked (not recomputed). */
      storedFigures: z.boolean(),
      flags: z.object({
        open: z.number().int(),
        forgotten: z.number().int(),
        autoClosed: z.number().int(),
        deactivated: z.number().int(),
        /** Punches sent later from a phone's offline queue, at the phone's time: to review. */
        offline: z.number().int(),
        edited: z.number().int(),
        pendingCorrections: z.number().int(),
      }),
      approval: z.object({
        approved: z.boolean(),
        approvedAt: isoDateTime.nullable(),
        approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
        locked: z.boolean(), lockedAt: isoDateTime.nullable(), unlockedAt: isoDateTime.nullable(), unlockReason: z.string().nullable() }),
      /** Approved paid time off in the period, by type: its own hours, apart from worked and overtime (docs/time.md). */
      timeOff: z.array(z.object({ typeId: z.string(), typeName: z.string(), hours: z.number(), days: z.array(z.object({ date: day, hours: z.number() })) })),
      /** Labour cost per day and for the period: only for a caller who may read pay (`pay.read`, an API key's `pay:read`). */
      cost: timeCardCostSchema.optional(),
    }),
  ),
  pendingCorrections: z.number().int(),
  total: z.number().int(),
  allLocked: z.boolean(),
  lockedCount: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

/** A correction request as stored. */
export const correctionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The punch to correct; null asks for a missing punch. */
  punchSessionId: z.string().nullable(),
  requestedInAt: isoDateTime,
  requestedOutAt: isoDateTime,
  reason: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  decidedById: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: isoDateTime,
});

/** GET /api/admin/time/corrections: pending first, then the latest decided (at most 50). */
export const correctionListSchema = z.array(correctionSchema.extend({ user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }) }));

/** POST /api/admin/time/edits: the rows written (the punch and the second part of a split, or the task time entry). */
export const timeEditResultSchema = z.object({ action: z.enum(TIME_EDIT_ACTIONS), ids: z.array(z.string()) });

const editLine = z.object({ id: z.string(), action: z.string(), reason: z.string(), editedBy: z.string(), createdAt: isoDateTime });

/** GET /api/time/logs: one member's punches, breaks, task time and totals over a range. */
export const timeLogSchema = z.object({
  member,
  range: z.object({ kind: z.enum(TIME_RANGES), from: day, to: day, previous: day, next: day }),
  timeZone: z.string(),
  policy: timePolicyValuesSchema,
  days: z.array(
    z.object({
      date: day,
      workedMs: z.number(),
      regularMs: z.number(),
      overtimeMs: z.number(),
      doubleTimeMinutes: z.number().int(),
      premiumMinutes: z.number().int(),
      paidBreakMs: z.number(),
      unpaidBreakMs: z.number(),
      /** Breaks the day's rules required that the punches do not show (docs/time.md "Missed breaks"); waivers are on the time card. */
      breakIssues: z.array(breakIssueSchema.omit({ date: true, waiver: true })),
      punches: z.array(
        z.object({
          id: z.string(),
          punchInAt: isoDateTime,
          punchOutAt: isoDateTime.nullable(),
          inSource: z.string(),
          outSource: z.string().nullable(),
          inLocation: z.string(),
          outLocation: z.string().nullable(),
          outReason: z.string().nullable(),
          outReasonOther: z.string().nullable(),
          /** Counted time of the whole punch (zero when auto-closed; up to now when open). */
          ms: z.number(),
          flags: z.object({ open: z.boolean(), forgotten: z.boolean(), autoClosed: z.boolean(), deactivated: z.boolean(), offline: z.boolean(), edited: z.boolean(), locked: z.boolean() }),
          edits: z.array(editLine),
          entries: z.array(
            z.object({
              id: z.string(),
              /** A task the caller may not see: `visible: false`, its title withheld. */
              task: z.object({ id: z.string(), displayNumber: z.number().int(), title: z.string(), visible: z.boolean() }),
              startedAt: isoDateTime,
              endedAt: isoDateTime.nullable(),
              ms: z.number(),
              edits: z.array(editLine),
            }),
          ),
        }),
      ),
      breaks: z.array(z.object({ reason: z.string(), startsAt: isoDateTime, endsAt: isoDateTime, paidMs: z.number(), unpaidMs: z.number() })),
      /** The member's published shifts starting that day (docs/schedules.md "Attendance"). */
      shifts: z.array(z.object({ id: z.string(), startsAt: isoDateTime, endsAt: isoDateTime, roleLabel: z.string().nullable(), placeName: z.string().nullable(), unitName: z.string() })),
    }),
  ),
  totals: rangeTotals,
  flags: z.object({ open: z.number().int(), forgotten: z.number().int(), autoClosed: z.number().int(), edited: z.number().int(), locked: z.number().int() }),
  /** Pay periods of the member that are locked and overlap the range. */
  locks: z.array(z.object({ start: day, end: day, lockedAt: isoDateTime.nullable() })),
  corrections: z.array(
    z.object({
      id: z.string(),
      punchId: z.string().nullable(),
      requestedInAt: isoDateTime,
      requestedOutAt: isoDateTime,
      reason: z.string(),
      status: z.string(),
      decisionNote: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  /** Flagged punches of the member (last 90 days) still open or auto-closed. */
  attention: z.array(z.object({ id: z.string(), punchInAt: isoDateTime, autoClosed: z.boolean() })),
});

/** The time log as the server builds it and the day view shows it. */
export type TimeLog = z.output<typeof timeLogSchema>;
/** The days a query covers, in the business time zone, with any day of the previous and next range of the same kind (custom: the same length). */
export type ResolvedRange = TimeLog["range"];
export type TimeLogPunch = TimeLog["days"][number]["punches"][number];
export type TimeLogEdit = TimeLogPunch["edits"][number];

// ------------------------------------------------------------------ payroll provider layouts

const providerText = (name: string, max: number) => text({ error: `${name} must be text` }).trim().max(max, `${name} must be at most ${max} characters`);
const providerRequired = (name: string, max: number) => providerText(name, max).min(1, `${name} is required`);
/** Names of paid time-off types → the provider's item or code for them (blank: the default). */
const byTypeName = (name: string) =>
  z.record(text().trim().min(1).max(80), providerText(name, 40), { error: `${name} must map a time-off type's name to text` }).refine((r) => Object.keys(r).length <= 50, `${name}: at most 50 types`);

/**
 * The provider layouts' settings (docs/time.md, "Exports to payroll providers"), stored with the
 * payroll export's options: QuickBooks' company name, employee name format and payroll item names;
 * ADP's company code, batch id, column titles and hours codes.
 */
export const payrollProviderSettingsSchema = z.object({
  quickbooks: z.object({
    /** As in QuickBooks' Company Information window. */
    companyName: providerText("quickbooks.companyName", 100).default(""),
    /** From a timer list export of the company file (optional). */
    companyCreateTime: providerText("quickbooks.companyCreateTime", 20)
      .regex(/^\d*$/, "quickbooks.companyCreateTime must be digits")
      .default(""),
    /** EMP as on QuickBooks' employee list: "First Last" or "Last, First". */
    employeeName: z.enum(["first-last", "last-first"], { error: 'quickbooks.employeeName must be "first-last" or "last-first"' }).default("first-last"),
    items: z
      .object({
        regular: providerRequired("quickbooks.items.regular", 40).default("Hourly Rate"),
        overtime: providerRequired("quickbooks.items.overtime", 40).default("Overtime Rate"),
        doubleTime: providerRequired("quickbooks.items.doubleTime", 40).default("Double-time Rate"),
        premium: providerRequired("quickbooks.items.premium", 40).default("Meal Break Premium"),
      })
      .prefault({}),
    /** A paid time-off type's payroll item; absent or blank: the type's name. */
    timeOffItems: byTypeName("quickbooks.timeOffItems").default({}),
  }).prefault({}),
  adp: z.object({
    /** "Co Code": the company code ADP gave the business; required to export ADP. */
    companyCode: providerText("adp.companyCode", 10).regex(/^[A-Za-z0-9]*$/, "adp.companyCode must be letters and digits").default(""),
    /** "Batch ID"; blank: BFS and the period's first day (BFS20261130). */
    batchId: providerText("adp.batchId", 25).regex(/^[A-Za-z0-9]*$/, "adp.batchId must be letters and digits").default(""),
    /** The column titles, editable because they could not all be confirmed from ADP's public pages. */
    headers: z
      .object({
        coCode: providerRequired("adp.headers.coCode", 40).default("Co Code"),
        batchId: providerRequired("adp.headers.batchId", 40).default("Batch ID"),
        fileNumber: providerRequired("adp.headers.fileNumber", 40).default("File #"),
        regHours: providerRequired("adp.headers.regHours", 40).default("Reg Hours"),
        otHours: providerRequired("adp.headers.otHours", 40).default("O/T Hours"),
        hours3Code: providerRequired("adp.headers.hours3Code", 40).default("Hours 3 Code"),
        hours3Amount: providerRequired("adp.headers.hours3Amount", 40).default("Hours 3 Amount"),
      })
      .prefault({}),
    codes: z
      .object({
        doubleTime: providerRequired("adp.codes.doubleTime", 10).default("D"),
        premium: providerRequired("adp.codes.premium", 10).default("P"),
      })
      .prefault({}),
    /** A paid time-off type's hours code; absent or blank: the first letter of its name. */
    timeOffCodes: byTypeName("adp.timeOffCodes").default({}),
  }).prefault({}),
});
export type PayrollProviderSettings = z.output<typeof payrollProviderSettingsSchema>;
export type PayrollProviderSettingsInput = z.input<typeof payrollProviderSettingsSchema>;

// ------------------------------------------------------------------ payroll export settings

/** The columns a payroll layout can hold (lib/services/time/payroll-export.ts fills them). */
export const PAYROLL_COLUMNS = [
  "member",
  "firstName",
  "lastName",
  "email",
  "employeeId",
  "memberType",
  "payType",
  "periodStart",
  "periodEnd",
  "regularHours",
  "overtimeHours",
  "unpaidBreakHours",
  "paidBreakHours",
  "totalHours",
  "daysWorked",
  "flags",
  "approval",
  "approvedBy",
  "approvedAt",
] as const;
export type PayrollColumn = (typeof PAYROLL_COLUMNS)[number];
export const PAYROLL_DATE_FORMATS = ["yyyy-MM-dd", "MM/dd/yyyy", "dd/MM/yyyy"] as const;
export const PAYROLL_HOURS_FORMATS = ["decimal", "hh:mm"] as const;

export const LAYOUT_NEEDS_ID = "A layout needs the employeeId column: a payroll provider matches each person by an id, never by a name";

/** A saved column map: which columns, their headers and order, the date format, decimal or hh:mm hours. */
export const payrollLayoutSchema = z.object({
  id: z.string({ error: "layout id is required" }).trim().regex(/^[a-z0-9-]{1,40}$/, "layout id must be 1–40 lowercase letters, digits or dashes"),
  name: text({ error: "Layout name is required" }).trim().min(1, "Layout name is required").max(80, "Layout name must be at most 80 characters"),
  columns: z
    .array(
      z.object({
        key: z.enum(PAYROLL_COLUMNS, { error: `column must be one of: ${PAYROLL_COLUMNS.join(", ")}` }),
        header: text({ error: "Column header is required" }).trim().min(1, "Column header is required").max(80, "Column header must be at most 80 characters"),
      }),
      { error: "columns must be a list" },
    )
    .min(1, "A layout needs at least one column")
    .max(PAYROLL_COLUMNS.length * 2, "Too many columns")
    // A payroll provider matches a person by an id, never by a name alone.
    .refine((columns) => columns.some((c) => c.key === "employeeId"), LAYOUT_NEEDS_ID),
  dateFormat: z.enum(PAYROLL_DATE_FORMATS, { error: `dateFormat must be one of: ${PAYROLL_DATE_FORMATS.join(", ")}` }),
  hoursFormat: z.enum(PAYROLL_HOURS_FORMATS, { error: 'hoursFormat must be "decimal" or "hh:mm"' }),
});
export type PayrollLayout = z.infer<typeof payrollLayoutSchema>;

/** The export's options, remembered for the organization. */
export const payrollExportOptionsSchema = z.object({
  /** Leave out members whose member type is volunteer (the one source of truth; docs/organization.md). */
  excludeVolunteers: z.boolean({ error: "excludeVolunteers must be true or false" }),
  /** Leave out members whose member type is contractor (paid elsewhere, e.g. on a 1099). Absent in options saved before it existed. */
  excludeContractors: z.boolean({ error: "excludeContractors must be true or false" }).default(false),
  /** Leave out members with no time in the period. */
  excludeNoTime: z.boolean({ error: "excludeNoTime must be true or false" }),
  /** Employee ID column: the payroll ID instead of the internal id; an export with a member without one is refused (409). */
  usePayrollId: z.boolean({ error: "usePayrollId must be true or false" }),
  /** Total hours (regular + overtime) column. */
  totalHours: z.boolean({ error: "totalHours must be true or false" }),
  /** Approved by and Approved at columns. */
  approval: z.boolean({ error: "approval must be true or false" }),
  /** Period start and Period end columns. */
  period: z.boolean({ error: "period must be true or false" }),
  /** The layout used by default. */
  layoutId: text({ error: "layoutId must be text" }).trim().min(1).max(40),
  format: z.enum(["csv", "xlsx"], { error: 'format must be "csv" or "xlsx"' }),
});
export type PayrollExportOptions = z.infer<typeof payrollExportOptionsSchema>;

/** PUT /api/admin/time/payroll/settings: the options and the organization's own layouts (built-in layouts are not stored). */
export const payrollExportSettingsSchema = z.object({
  options: payrollExportOptionsSchema,
  layouts: z.array(payrollLayoutSchema, { error: "layouts must be a list" }).max(20, "At most 20 saved layouts").default([]),
});
export type PayrollExportSettingsInput = z.input<typeof payrollExportSettingsSchema>;

/** GET/PUT answer: the options, and every layout (built-in first, `builtIn: true`). */
export const payrollExportSettingsResultSchema = z.object({
  options: payrollExportOptionsSchema,
  layouts: z.array(payrollLayoutSchema.extend({ builtIn: z.boolean() })),
  /** The payroll provider layouts (docs/time.md): their columns are the provider's own. */
  providerLayouts: z.array(z.object({ id: z.string(), name: z.string(), extension: z.string() })),
  /** Their settings (PUT /api/admin/time/payroll/providers). */
  providers: payrollProviderSettingsSchema,
});

// --- break and overtime rules by jurisdiction (docs/time.md) -------------------------------------

const presetField = (field: string) =>
  z.enum(PRESET_IDS, { error: `${field} must be one of the presets: ${PRESET_IDS.join(", ")}` });

/** PUT /api/admin/time/jurisdictions: the organization's preset, and overrides per department or punch post (null = none). */
export const jurisdictionSettingsSchema = z.object({
  organization: presetField("organization").optional(),
  units: z.array(z.object({ id: uuidField("units[].id"), jurisdiction: presetField("units[].jurisdiction").nullable() })).max(500).optional(),
  posts: z.array(z.object({ id: uuidField("posts[].id"), jurisdiction: presetField("posts[].jurisdiction").nullable() })).max(500).optional(),
});
export type JurisdictionSettingsInput = z.infer<typeof jurisdictionSettingsSchema>;

const presetRules = z.object({
  id: z.enum(PRESET_IDS),
  name: z.string(),
  dailyOvertimeMinutes: z.number().int().nullable(),
  dailyDoubleTimeMinutes: z.number().int().nullable(),
  weeklyOvertimeMinutes: z.number().int().nullable(),
  seventhDay: z.object({ overtimeUpToMinutes: z.number().int() }).nullable(),
  meals: z.array(z.object({ afterWorkedMinutes: z.number().int(), inclusive: z.boolean(), lengthMinutes: z.number().int(), startByWorkedMinutes: z.number().int().nullable() })),
  mealsPaid: z.boolean(),
  rest: z.object({ perWorkedMinutes: z.number().int(), minimumWorkedMinutes: z.number().int(), lengthMinutes: z.number().int() }).nullable(),
  restPaid: z.boolean(),
  mealPremiumMinutes: z.number().int(),
  restPremium: z.object({ minutes: z.number().int(), per: z.enum(["day", "break"]) }),
});

/** GET (and PUT) /api/admin/time/jurisdictions. */
export const jurisdictionSettingsResultSchema = z.object({
  organization: z.enum(PRESET_IDS),
  presets: z.array(presetRules),
  units: z.array(z.object({ id: z.string(), name: z.string(), jurisdiction: z.enum(PRESET_IDS).nullable() })),
  posts: z.array(z.object({ id: z.string(), location: z.string(), name: z.string().nullable(), jurisdiction: z.enum(PRESET_IDS).nullable() })),
});

/** POST /api/admin/time/break-waivers: waive a member's missed-break premium of one day and kind. */
export const breakWaiverSchema = z.object({
  userId: uuidField("userId"),
  date: dateKey("date"),
  kind: z.enum(["meal", "rest"], { error: "kind must be meal or rest" }),
  reason: reasonField,
});
export type BreakWaiverInput = z.infer<typeof breakWaiverSchema>;

export const breakWaiverResultSchema = z.object({
  id: z.string(),
  userId: z.string(),
  date: day,
  kind: z.enum(["meal", "rest"]),
  reason: z.string(),
  waivedBy: z.string(),
  createdAt: isoDateTime,
});
