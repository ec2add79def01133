import { z } from "zod";
import { isoDateTime, okSchema } from "./common";
import { UUID_PATTERN } from "./ids";
import { text } from "./text";

/**
 * Alerts and accountability contracts (docs/alerts.md). The rule form, the routes and
 * the engine share these schemas; the client's types come from here.
 */

export const ALERT_KINDS = [
  "task_overdue",
  "task_pickup",
  "punch_open",
  "no_punch_in",
  "weekly_hours",
  "recurrence_missed",
  "process_step_overdue",
  "case_at_step",
  "case_return_overdue",
  "shift_late",
  "shift_no_show",
  "shift_early_out",
  "unscheduled_punch",
  "overtime_near_daily",
  "overtime_near_weekly",
  "break_due",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  task_overdue: "Overdue task",
  task_pickup: "Pickup not claimed",
  punch_open: "Forgotten punch-out",
  no_punch_in: "No punch-in by expected start",
  weekly_hours: "Weekly hours over threshold",
  recurrence_missed: "Recurring occurrence skipped or late",
  process_step_overdue: "Process step overdue",
  case_at_step: "Memorial case at one step too long",
  case_return_overdue: "Memorial case's return date passed",
  shift_late: "Late for a shift",
  shift_no_show: "No-show for a shift",
  shift_early_out: "Left a shift early",
  unscheduled_punch: "Punch-in without a shift",
  overtime_near_daily: "Nearing daily overtime",
  overtime_near_weekly: "Nearing weekly overtime",
  break_due: "Required meal break due soon",
};

/** What the kind's number means, for the form and the rule list. */
export const ALERT_KIND_PARAM: Record<AlertKind, { label: string; unit: string; default: number; max: number }> = {
  task_overdue: { label: "Overdue by more than", unit: "hours", default: 24, max: 24 * 90 },
  task_pickup: { label: "Due within", unit: "hours", default: 24, max: 24 * 30 },
  punch_open: { label: "Punch open more than", unit: "hours", default: 10, max: 24 * 7 },
  no_punch_in: { label: "Minutes of grace after the expected start", unit: "minutes", default: 15, max: 600 },
  weekly_hours: { label: "Weekly hours over", unit: "hours", default: 40, max: 168 },
  recurrence_missed: { label: "Hours past the due time", unit: "hours", default: 1, max: 24 * 7 },
  process_step_overdue: { label: "Step overdue by more than", unit: "hours", default: 0, max: 24 * 90 },
  case_at_step: { label: "At one step longer than", unit: "hours", default: 24, max: 24 * 90 },
  case_return_overdue: { label: "Hours past the end of the promised return day", unit: "hours", default: 0, max: 24 * 90 },
  shift_late: { label: "Minutes of grace after the shift's start", unit: "minutes", default: 10, max: 600 },
  shift_no_show: { label: "Minutes after the shift's end", unit: "minutes", default: 0, max: 600 },
  shift_early_out: { label: "Punched out more than this before the shift's end", unit: "minutes", default: 15, max: 600 },
  unscheduled_punch: { label: "Minutes before a shift's start a punch-in still counts for it", unit: "minutes", default: 30, max: 600 },
  overtime_near_daily: { label: "Alert when less than this is left before daily overtime", unit: "minutes", default: 30, max: 600 },
  overtime_near_weekly: { label: "Alert when less than this is left before weekly overtime", unit: "minutes", default: 120, max: 2400 },
  break_due: { label: "Alert when the meal is due within", unit: "minutes", default: 15, max: 300 },
};

export const ALERT_SEVERITIES = ["info", "warning", "critical"] as const;
export type AlertSeverityValue = (typeof ALERT_SEVERITIES)[number];
export const ALERT_SCOPES = ["everyone", "department", "members"] as const;

const uuid = (label: string) => z.string().regex(UUID_PATTERN, `must be a valid ${label} id`);
const uuidList = (label: string) => z.array(uuid(label)).max(200, "at most 200").default([]);

/** A rule's parameters: the kind's number, and for overdue tasks the hours for critical ones. */
export const ruleParamsSchema = z
  .object({
    threshold: z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(24 * 90, "is too large"),
    criticalThreshold: z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(24 * 90, "is too large").optional(),
  })
  .strip();
export type RuleParams = z.infer<typeof ruleParamsSchema>;

const ruleFields = {
  name: text({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Name must be at most 120 characters"),
  kind: z.enum(ALERT_KINDS, { error: "must be one of the rule kinds" }),
  params: ruleParamsSchema,
  severity: z.enum(ALERT_SEVERITIES, { error: "must be info, warning or critical" }).default("warning"),
  scope: z.enum(ALERT_SCOPES, { error: "must be everyone, department or members" }).default("everyone"),
  scopeUnitId: uuid("department").nullable().optional(),
  scopeUserIds: uuidList("member"),
  notifySubject: z.boolean().default(true),
  /** The rule's creator is told too: by default, a rule notifies the member it is about and its creator. */
  notifyCreator: z.boolean().default(true),
  notifyManagers: z.boolean().default(false),
  notifyAdmins: z.boolean().default(false),
  notifyUserIds: uuidList("member"),
  channelInApp: z.boolean().default(true),
  channelEmail: z.boolean().default(false),
  isActive: z.boolean().default(true),
};

function checkRule(rule: { kind: AlertKind; params: RuleParams; scope: string; scopeUnitId?: string | null; scopeUserIds: string[]; channelInApp: boolean; channelEmail: boolean }, ctx: z.RefinementCtx) {
  if (rule.params.threshold > ALERT_KIND_PARAM[rule.kind].max) ctx.addIssue({ code: "custom", path: ["params", "threshold"], message: `must be at most ${ALERT_KIND_PARAM[rule.kind].max}` });
  if (rule.scope === "department" && !rule.scopeUnitId) ctx.addIssue({ code: "custom", path: ["scopeUnitId"], message: "Choose a department" });
  if (rule.scope === "members" && rule.scopeUserIds.length === 0) ctx.addIssue({ code: "custom", path: ["scopeUserIds"], message: "Choose at least one member" });
  if (!rule.channelInApp && !rule.channelEmail) ctx.addIssue({ code: "custom", path: ["channelInApp"], message: "Choose at least one channel" });
}

export const alertRuleInputSchema = z.object(ruleFields).strict().superRefine(checkRule);
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;
/** The form's values (before defaults). */
export type AlertRuleFormValues = z.input<typeof alertRuleInputSchema>;

/** PATCH: any subset; pausing is `{ isActive: false }`. Kind-specific checks run on the merged rule. */
export const updateAlertRuleSchema = z.object(ruleFields).partial().strict();
export type UpdateAlertRuleInput = z.infer<typeof updateAlertRuleSchema>;

// ---------------------------------------------------------------- answers

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  params: z.object({ threshold: z.number(), criticalThreshold: z.number().optional() }),
  severity: z.enum(ALERT_SEVERITIES),
  scope: z.enum(ALERT_SCOPES),
  scopeUnitId: z.string().nullable(),
  scopeUserIds: z.array(z.string()),
  notifySubject: z.boolean(),
  notifyCreator: z.boolean(),
  notifyManagers: z.boolean(),
  notifyAdmins: z.boolean(),
  notifyUserIds: z.array(z.string()),
  channelInApp: z.boolean(),
  channelEmail: z.boolean(),
  isActive: z.boolean(),
  lastFiredAt: isoDateTime.nullable(),
  lastEvaluatedAt: isoDateTime.nullable(),
  openCount: z.number().int(),
  totalCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AlertRuleDto = z.infer<typeof alertRuleSchema>;

export const alertRuleListSchema = z.object({ items: z.array(alertRuleSchema) });
export type AlertRuleList = z.infer<typeof alertRuleListSchema>;

/** One thing a rule would raise (the preview) or has raised. */
export const alertFindingSchema = z.object({
  subjectType: z.string(),
  subjectId: z.string(),
  occurrence: z.string(),
  title: z.string(),
  message: z.string(),
  href: z.string().nullable(),
  memberName: z.string().nullable(),
});
export type AlertFindingDto = z.infer<typeof alertFindingSchema>;

/** The preview: the first 100 findings and how many there are in all. */
export const alertRulePreviewSchema = z.object({ items: z.array(alertFindingSchema), total: z.number().int() });
export type AlertRulePreview = z.infer<typeof alertRulePreviewSchema>;

export const alertSchema = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  kind: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  /** The task's number and title, `PRIVATE_TASK_TITLE` when the reader can't see it, or the member's name. */
  title: z.string(),
  message: z.string(),
  href: z.string().nullable(),
  memberName: z.string().nullable(),
  unitName: z.string().nullable(),
  createdAt: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
  acknowledgedAt: isoDateTime.nullable(),
  snoozedUntil: isoDateTime.nullable(),
  read: z.boolean(),
});
export type AlertDto = z.infer<typeof alertSchema>;

export const myAlertsSchema = z.object({
  items: z.array(alertSchema),
  unreadCount: z.number().int(),
});
export type MyAlertsDto = z.infer<typeof myAlertsSchema>;

/** Acknowledge: `{ ok: true }`; snooze adds the end of the snooze; mark all read and bulk acknowledge, how many changed. */
export const alertSnoozedSchema = okSchema.extend({ snoozedUntil: isoDateTime });
export const alertsCountedSchema = okSchema.extend({ count: z.number().int() });

export const myAlertsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const snoozeAlertSchema = z.object({
  minutes: z.number({ error: "must be a number of minutes" }).int("must be whole minutes").min(5, "at least 5 minutes").max(7 * 24 * 60, "at most a week"),
}).strict();

/** "a,b" or a repeated parameter. */
const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([text(), z.array(text())])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]).flatMap((part) => part.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).max(50))
    .optional();

export const adminAlertsQuerySchema = z.object({
  severity: csvOf(ALERT_SEVERITIES),
  ruleId: uuid("rule").optional(),
  unitId: uuid("department").optional(),
  userId: uuid("member").optional(),
  /** open (default): not resolved and not acknowledged; all: everything. */
  state: z.enum(["open", "all"]).default("open"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminAlertsQuery = z.infer<typeof adminAlertsQuerySchema>;

export const adminAlertsSchema = z.object({
  items: z.array(alertSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAlertsDto = z.infer<typeof adminAlertsSchema>;

export const bulkAcknowledgeSchema = z.object({
  ids: z.array(uuid("alert")).min(1, "Choose at least one alert").max(500, "at most 500 at once"),
}).strict();
