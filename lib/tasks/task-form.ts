/**
 * The task form's state and its translation to the API body (spec §3 "Task as sent"), kept
 * pure so it is unit-tested: the dates in the business zone, the H:MM inputs, the vendor-
 * assignee value and the checklist all become the body the server validates with the same
 * zod schema (lib/validations/tasks.ts).
 */
import { z } from "zod";
import { createTaskSchema } from "@/lib/validations/tasks";
import { combineDayAndTime, splitInstant } from "./task-dates";
import { formatMinutes, parseTimeInput } from "./time-input";
import { VENDOR_PREFIX, type TaskPriorityValue, type TaskStatusValue } from "./options";
import { readSchedule } from "@/lib/recurrence/rule";
import type { ExcludedDayPolicy } from "@/lib/validations/recurrence";

export interface TaskFormState {
  title: string;
  description: string;
  priority: TaskPriorityValue;
  status: TaskStatusValue;
  department: string | null;
  /** The assignee picker's value: a member id or "vendor-<id>". */
  assignee: string | null;
  team: { userIds: string[]; leadId: string | null };
  projectId: string | null;
  parentTaskId: string | null;
  /** The task has a parent the user may not see (its id is withheld): saving must leave it alone. */
  parentHidden: boolean;
  dueDay: string;
  dueTime: string;
  startDay: string;
  startTime: string;
  duration: string;
  availableForPickup: boolean;
  isPrivate: boolean;
  hasChecklist: boolean;
  checklistRequired: boolean;
  checklist: Array<{ key: string; title: string }>;
  isRecurring: boolean;
  recurringPattern: "daily" | "weekly" | "monthly" | "annual";
  recurringInterval: string;
  recurringEndType: "never" | "after" | "on";
  recurringEndDay: string;
  recurringMaxCount: string;
  recurringDaysOfWeek: number[];
  recurringMonthlyType: "date" | "weekday";
  excludeWeekends: boolean;
  excludeHolidays: boolean;
  holidayCalendar: string;
  /** recurringSchedule: what an excluded date does, and "last" for a monthly weekday (null: the due date's own). */
  excludedDayPolicy: ExcludedDayPolicy;
  monthlyWeek: number | null;
}

export type TaskFormErrors = Partial<Record<keyof TaskFormState | "form", string>>;

export function emptyTaskForm(): TaskFormState {
  return {
    title: "",
    description: "",
    priority: "normal",
    status: "open",
    department: null,
    assignee: null,
    team: { userIds: [], leadId: null },
    projectId: null,
    parentTaskId: null,
    parentHidden: false,
    dueDay: "",
    dueTime: "",
    startDay: "",
    startTime: "",
    duration: "",
    availableForPickup: false,
    isPrivate: false,
    hasChecklist: false,
    checklistRequired: false,
    checklist: [],
    isRecurring: false,
    recurringPattern: "weekly",
    recurringInterval: "1",
    recurringEndType: "never",
    recurringEndDay: "",
    recurringMaxCount: "",
    recurringDaysOfWeek: [],
    recurringMonthlyType: "date",
    excludeWeekends: false,
    excludeHolidays: false,
    holidayCalendar: "US",
    excludedDayPolicy: "skip",
    monthlyWeek: null,
  };
}

/** What a stored task looks like in the form (the edit modal and page). */
export interface TaskLike {
  title: string;
  description?: string | null;
  priority: string;
  status: string;
  organizationalUnitId: string;
  assigneeType: string | null;
  assigneeId: string | null;
  vendorId: string | null;
  assigneeIds: string[];
  leadAssigneeId: string | null;
  projectId: string | null;
  parentTaskId: string | null;
  parentHidden?: boolean;
  dueDate: string;
  startDate: string | null;
  estimatedHours: number | null;
  availableForPickup: boolean;
  isPrivate: boolean;
  hasChecklist: boolean;
  checklistRequired?: boolean;
  checklist: Array<{ id: string; title: string }>;
  isRecurring: boolean;
  recurringPattern: string | null;
  recurringInterval: number;
  recurringEndType: string;
  recurringEndDate: string | null;
  recurringMaxCount: number | null;
  recurringDaysOfWeek: number[];
  recurringMonthlyType: string | null;
  excludeWeekends: boolean;
  excludeHolidays: boolean;
  holidayCalendar: string | null;
  recurringSchedule?: unknown;
}

export function taskToForm(task: TaskLike, timeZone?: string): TaskFormState {
  const due = splitInstant(task.dueDate, "due", timeZone);
  const start = splitInstant(task.startDate, "start", timeZone);
  const base = emptyTaskForm();
  return {
    ...base,
    title: task.title,
    description: task.description ?? "",
    priority: task.priority as TaskPriorityValue,
    status: task.status as TaskStatusValue,
    department: task.organizationalUnitId,
    assignee: task.assigneeType === "vendor" && task.vendorId ? `${VENDOR_PREFIX}${task.vendorId}` : task.assigneeId,
    team: { userIds: task.assigneeIds, leadId: task.leadAssigneeId },
    projectId: task.projectId,
    parentTaskId: task.parentTaskId,
    parentHidden: Boolean(task.parentHidden),
    dueDay: due.day,
    dueTime: due.minutes === null ? "" : formatMinutes(due.minutes),
    startDay: start.day,
    startTime: start.minutes === null ? "" : formatMinutes(start.minutes),
    duration: task.estimatedHours === null ? "" : formatMinutes(task.estimatedHours),
    availableForPickup: task.availableForPickup,
    isPrivate: task.isPrivate,
    hasChecklist: task.hasChecklist,
    checklistRequired: Boolean(task.checklistRequired),
    checklist: task.checklist.map((c) => ({ key: c.id, title: c.title })),
    isRecurring: task.isRecurring,
    recurringPattern: (task.recurringPattern ?? base.recurringPattern) as TaskFormState["recurringPattern"],
    recurringInterval: String(task.recurringInterval),
    recurringEndType: task.recurringEndType as TaskFormState["recurringEndType"],
    recurringEndDay: task.recurringEndDate ? splitInstant(task.recurringEndDate, "due", timeZone).day : "",
    recurringMaxCount: task.recurringMaxCount === null ? "" : String(task.recurringMaxCount),
    recurringDaysOfWeek: task.recurringDaysOfWeek,
    recurringMonthlyType: (task.recurringMonthlyType ?? "date") as TaskFormState["recurringMonthlyType"],
    excludeWeekends: task.excludeWeekends,
    excludeHolidays: task.excludeHolidays,
    holidayCalendar: task.holidayCalendar ?? base.holidayCalendar,
    excludedDayPolicy: readSchedule(task.recurringSchedule).excludedDayPolicy,
    monthlyWeek: readSchedule(task.recurringSchedule).monthlyWeek ?? null,
  };
}

const toInt = (value: string): number | null => (value.trim() === "" ? null : Number(value));

/**
 * Builds the request body and checks it with the shared schema. Errors are keyed by form
 * field, with the spec's messages ("Title is required", ...).
 */
export function buildTaskBody(form: TaskFormState, opts: { uuid?: string; timeZone?: string } = {}) {
  const errors: TaskFormErrors = {};
  const dueTime = parseTimeInput(form.dueTime);
  const startTime = parseTimeInput(form.startTime);
  const duration = parseTimeInput(form.duration);
  if (!dueTime.ok) errors.dueTime = dueTime.error;
  if (!startTime.ok) errors.startTime = startTime.error;
  if (!duration.ok) errors.duration = duration.error;

  const dueDate = form.dueDay && dueTime.ok ? combineDayAndTime(form.dueDay, dueTime.minutes, "due", opts.timeZone).toISOString() : null;
  const startDate = form.startDay && startTime.ok ? combineDayAndTime(form.startDay, startTime.minutes, "start", opts.timeZone).toISOString() : null;
  const isVendor = form.assignee?.startsWith(VENDOR_PREFIX) ?? false;
  const checklistItems = form.hasChecklist ? form.checklist.map((c) => c.title.trim()).filter(Boolean) : [];
  // The recurrence fields count only while Recurring is ticked: unticked, a cleared "Every"
  // is left out (the stored interval stays) instead of blocking the save from a hidden field.
  const interval = toInt(form.recurringInterval);
  const keepInterval = form.isRecurring || (interval !== null && Number.isInteger(interval) && interval >= 1 && interval <= 999);

  const body = {
    ...(opts.uuid ? { uuid: opts.uuid } : {}),
    title: form.title,
    description: form.description || null,
    priority: form.priority,
    status: form.status,
    department: form.department,
    assigneeId: isVendor ? null : form.assignee,
    vendorId: isVendor ? form.assignee!.slice(VENDOR_PREFIX.length) : null,
    assigneeType: form.assignee ? (isVendor ? ("vendor" as const) : ("user" as const)) : null,
    assigneeIds: form.team.userIds,
    leadAssigneeId: form.team.leadId && form.team.userIds.includes(form.team.leadId) ? form.team.leadId : null,
    projectId: form.projectId,
    // Unchanged hidden parent: not sent, so the task stays where it is.
    ...(form.parentHidden && !form.parentTaskId ? {} : { parentTaskId: form.parentTaskId }),
    dueDate,
    startDate,
    estimatedHours: duration.ok ? duration.minutes : null,
    availableForPickup: form.availableForPickup,
    isPrivate: form.isPrivate,
    hasChecklist: form.hasChecklist,
    checklistRequired: form.hasChecklist && form.checklistRequired,
    checklistItems,
    isRecurring: form.isRecurring,
    recurringPattern: form.isRecurring ? form.recurringPattern : null,
    recurringInterval: keepInterval ? (interval ?? Number.NaN) : undefined,
    recurringEndType: form.recurringEndType,
    recurringEndDate:
      form.isRecurring && form.recurringEndType === "on" && form.recurringEndDay
        ? combineDayAndTime(form.recurringEndDay, null, "due", opts.timeZone).toISOString()
        : null,
    recurringMaxCount: form.isRecurring && form.recurringEndType === "after" ? toInt(form.recurringMaxCount) : null,
    recurringDaysOfWeek: form.isRecurring && form.recurringPattern === "weekly" ? [...form.recurringDaysOfWeek].sort() : [],
    recurringMonthlyType: form.isRecurring && form.recurringPattern === "monthly" ? form.recurringMonthlyType : null,
    excludeWeekends: form.isRecurring && form.excludeWeekends,
    excludeHolidays: form.isRecurring && form.excludeHolidays,
    holidayCalendar: form.isRecurring && form.excludeHolidays ? form.holidayCalendar : null,
    recurringSchedule: form.isRecurring
      ? { excludedDayPolicy: form.excludedDayPolicy, monthlyWeek: form.recurringPattern === "monthly" && form.recurringMonthlyType === "weekday" ? form.monthlyWeek : null }
      : null,
  };

  const parsed = createTaskSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formField(String(issue.path[0] ?? "form"));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  // A typed-but-invalid due time must not read as "Due date is required".
  if (errors.dueTime && form.dueDay) delete errors.dueDay;
  if (errors.startTime && form.startDay) delete errors.startDay;
  return { body, errors, ok: Object.keys(errors).length === 0 };
}

export type TaskBody = ReturnType<typeof buildTaskBody>["body"];

/**
 * The task form's schema for useZodForm: the form state in, the API body out, checked by
 * buildTaskBody against createTaskSchema, each message keyed by the form field it belongs to.
 */
export const taskFormSchema = z.custom<TaskFormState>().transform((form, ctx): TaskBody => {
  const { body, errors } = buildTaskBody(form);
  for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [path], message });
  return body;
});

const FIELD_OF: Record<string, keyof TaskFormState | "form"> = {
  title: "title",
  description: "description",
  department: "department",
  dueDate: "dueDay",
  startDate: "startDay",
  estimatedHours: "duration",
  assigneeId: "assignee",
  vendorId: "assignee",
  assigneeIds: "team",
  leadAssigneeId: "team",
  projectId: "projectId",
  parentTaskId: "parentTaskId",
  checklistItems: "checklist",
  recurringPattern: "recurringPattern",
  recurringInterval: "recurringInterval",
  recurringMaxCount: "recurringMaxCount",
  recurringEndDate: "recurringEndDay",
  recurringDaysOfWeek: "recurringDaysOfWeek",
};

function formField(path: string): keyof TaskFormState | "form" {
  return FIELD_OF[path] ?? "form";
}
