import { z } from "zod";
import type { MySchedule } from "@/lib/validations/schedule";
import { activeTaskSchema } from "./punch";
import { isoDateTime } from "./common";
import { offlineBothOrNeither, offlineWriteFields } from "./offline";
import { ASSIGNEE_TYPES, TASK_PRIORITIES, TASK_STATUSES } from "@/lib/tasks/options";
import { RECURRING_END_TYPES, RECURRING_MONTHLY_TYPES, RECURRING_PATTERNS } from "@/lib/tasks/recurrence-options";

/**
 * The task body of spec §3 ("Task as sent"), shared by the task form and the API handlers.
 * Database-dependent checks (the unit, users, vendor, project and parent exist and are
 * visible; the parent is not the task's own descendant) live in lib/services/tasks.
 */

export const TITLE_REQUIRED = "Title is required";
export const DEPARTMENT_REQUIRED = "Department is required";
export const DUE_DATE_REQUIRED = "Due date is required";
export const LEAD_NOT_IN_TEAM = "The lead must be one of the team members";
export const INTERVAL_MIN = "Recurring interval must be at least 1";
export const MAX_COUNT_MIN = "Max occurrences must be at least 1";
/** Bounds messages name the real bound (1e12 once answered "at least 1"). */
export const RECURRING_INTERVAL_MAX = 999;
export const RECURRING_MAX_COUNT_MAX = 10_000;

/** The longest duration the H:MM input can express (23:59). */
export const MAX_ESTIMATE_MINUTES = 23 * 60 + 59;

import { UUID_PATTERN as UUID, isUuid } from "./ids";
import { HOLIDAY_CALENDAR_PATTERN, recurringScheduleSchema, UNKNOWN_CALENDAR } from "./recurrence";
import { dateString } from "./dates";
import { dateKey } from "./time";
import { multilineText, text } from "./text";

export { isUuid };

const id = (what = "id") => text().regex(UUID, `must be a valid ${what}`);
const blankToNull = (value: unknown) => (value === "" ? null : value);

const isoDate = (what: string) => dateString(`${what} must be a valid date`, { error: `must be an ISO date` });

const requiredDate = (message: string) => z.preprocess(blankToNull, dateString(message, { error: message }));

/** A member id, or "vendor-<id>" (the assignee picker's value for a vendor, spec §7). */
const assigneeValue = text().refine((value) => isUuid(value) || (value.startsWith("vendor-") && isUuid(value.slice(7))), "must be a member id or vendor-<id>");

const fields = {
  title: text({ error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(500, "Title must be at most 500 characters"),
  description: multilineText().max(100_000, "Description is too long").nullish(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  department: z.preprocess(blankToNull, id("department").nullish()),
  assigneeId: z.preprocess(blankToNull, assigneeValue.nullish()),
  vendorId: z.preprocess(blankToNull, id("vendor").nullish()),
  assigneeType: z.preprocess(blankToNull, z.enum(ASSIGNEE_TYPES).nullish()),
  assigneeIds: z
    .array(id("member"))
    .max(50, "A team has at most 50 members")
    .refine((ids) => new Set(ids).size === ids.length, "lists a member twice"),
  leadAssigneeId: z.preprocess(blankToNull, id("member").nullish()),
  projectId: z.preprocess(blankToNull, id("project").nullish()),
  parentTaskId: z.preprocess(blankToNull, id("task").nullish()),
  dueDate: requiredDate(DUE_DATE_REQUIRED),
  startDate: z.preprocess(blankToNull, isoDate("Start date").nullish()),
  /** Sent in minutes (spec §3), whatever the name says. */
  estimatedHours: z.preprocess(
    blankToNull,
    z
      .number()
      .int("must be whole minutes")
      .min(0, "must not be negative")
      .max(MAX_ESTIMATE_MINUTES, `must be at most ${MAX_ESTIMATE_MINUTES} minutes (23:59)`)
      .nullish(),
  ),
  availableForPickup: z.boolean(),
  isPrivate: z.boolean(),
  hasChecklist: z.boolean(),
  /** Completion is refused until every checklist item is ticked. */
  checklistRequired: z.boolean(),
  checklistItems: z
    .array(text().trim().min(1, "Checklist items must not be blank").max(500, "Checklist items must be at most 500 characters"))
    .max(200, "A checklist has at most 200 items"),
  isRecurring: z.boolean(),
  recurringPattern: z.preprocess(blankToNull, z.enum(RECURRING_PATTERNS).nullish()),
  recurringInterval: z
    .number({ error: "Recurring interval must be a number" })
    .int("Recurring interval must be a whole number")
    .min(1, INTERVAL_MIN)
    .max(RECURRING_INTERVAL_MAX, `Recurring interval must be at most ${RECURRING_INTERVAL_MAX}`),
  recurringEndType: z.enum(RECURRING_END_TYPES),
  recurringEndDate: z.preprocess(blankToNull, isoDate("Recurring end date").nullish()),
  recurringMaxCount: z.preprocess(
    blankToNull,
    z
      .number({ error: "Max occurrences must be a number" })
      .int("Max occurrences must be a whole number")
      .min(1, MAX_COUNT_MIN)
      .max(RECURRING_MAX_COUNT_MAX, `Max occurrences must be at most ${RECURRING_MAX_COUNT_MAX}`)
      .nullish(),
  ),
  recurringDaysOfWeek: z
    .array(z.number().int())
    .max(7)
    .refine((days) => days.every((d) => d >= 0 && d <= 6), "days of week are 0 (Sunday) to 6 (Saturday)")
    .refine((days) => new Set(days).size === days.length, "lists a day twice"),
  recurringMonthlyType: z.preprocess(blankToNull, z.enum(RECURRING_MONTHLY_TYPES).nullish()),
  excludeWeekends: z.boolean(),
  excludeHolidays: z.boolean(),
  holidayCalendar: z.preprocess(blankToNull, text().trim().regex(HOLIDAY_CALENDAR_PATTERN, UNKNOWN_CALENDAR).nullish()),
  /** Strict (lib/validations/recurrence.ts): the excluded-day policy and the monthly ordinal. */
  recurringSchedule: recurringScheduleSchema.nullish(),
};

type Refinable = {
  assigneeIds?: string[];
  leadAssigneeId?: string | null;
  isRecurring?: boolean;
  recurringPattern?: string | null;
  recurringEndType?: string;
  recurringEndDate?: Date | null;
  recurringMaxCount?: number | null;
  startDate?: Date | null;
  dueDate?: Date;
};

function refineShared(value: Refinable, ctx: z.RefinementCtx) {
  if (value.leadAssigneeId && value.assigneeIds && !value.assigneeIds.includes(value.leadAssigneeId)) {
    ctx.addIssue({ code: "custom", path: ["leadAssigneeId"], message: LEAD_NOT_IN_TEAM });
  }
  if (value.isRecurring) {
    if (!value.recurringPattern) ctx.addIssue({ code: "custom", path: ["recurringPattern"], message: "Recurrence pattern is required" });
    if (value.recurringEndType === "after" && value.recurringMaxCount == null) {
      ctx.addIssue({ code: "custom", path: ["recurringMaxCount"], message: MAX_COUNT_MIN });
    }
    if (value.recurringEndType === "on" && !value.recurringEndDate) {
      ctx.addIssue({ code: "custom", path: ["recurringEndDate"], message: "Recurring end date is required" });
    }
  }
  if (value.startDate && value.dueDate && value.startDate > value.dueDate) {
    ctx.addIssue({ code: "custom", path: ["startDate"], message: "Start date must be before the due date" });
  }
}

export const createTaskSchema = z
  .object({
    ...fields,
    /** A sub-task may leave it out: it takes its parent's (spec §5 requires one; the parent has it). */
    dueDate: fields.dueDate.optional(),
    uuid: z.preprocess(blankToNull, id("uuid").nullish()),
    description: fields.description,
    priority: fields.priority.optional(),
    status: fields.status.optional(),
    assigneeIds: fields.assigneeIds.optional(),
    availableForPickup: fields.availableForPickup.optional(),
    isPrivate: fields.isPrivate.optional(),
    hasChecklist: fields.hasChecklist.optional(),
    checklistRequired: fields.checklistRequired.optional(),
    checklistItems: fields.checklistItems.optional(),
    isRecurring: fields.isRecurring.optional(),
    recurringInterval: fields.recurringInterval.optional(),
    recurringEndType: fields.recurringEndType.optional(),
    recurringDaysOfWeek: fields.recurringDaysOfWeek.optional(),
    excludeWeekends: fields.excludeWeekends.optional(),
    excludeHolidays: fields.excludeHolidays.optional(),
  })
  .superRefine(
    (value, ctx) => {
      // A sub-task inherits its department from the parent (spec §5), so it may be left out.
      // Runs even when other fields failed, so the form shows all three required messages at once.
      if (!value.department && !value.parentTaskId) {
        ctx.addIssue({ code: "custom", path: ["department"], message: DEPARTMENT_REQUIRED });
      }
      if (value.dueDate === undefined && !value.parentTaskId) {
        ctx.addIssue({ code: "custom", path: ["dueDate"], message: DUE_DATE_REQUIRED });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .superRefine(refineShared);

export const updateTaskSchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description,
    priority: fields.priority.optional(),
    status: fields.status.optional(),
    department: z.preprocess(blankToNull, text({ error: DEPARTMENT_REQUIRED }).regex(UUID, "must be a valid department")).optional(),
    assigneeId: fields.assigneeId,
    vendorId: fields.vendorId,
    assigneeType: fields.assigneeType,
    assigneeIds: fields.assigneeIds.optional(),
    leadAssigneeId: fields.leadAssigneeId,
    projectId: fields.projectId,
    parentTaskId: fields.parentTaskId,
    dueDate: requiredDate(DUE_DATE_REQUIRED).optional(),
    startDate: fields.startDate,
    estimatedHours: fields.estimatedHours,
    availableForPickup: fields.availableForPickup.optional(),
    isPrivate: fields.isPrivate.optional(),
    hasChecklist: fields.hasChecklist.optional(),
    checklistRequired: fields.checklistRequired.optional(),
    checklistItems: fields.checklistItems.optional(),
    isRecurring: fields.isRecurring.optional(),
    recurringPattern: fields.recurringPattern,
    recurringInterval: fields.recurringInterval.optional(),
    recurringEndType: fields.recurringEndType.optional(),
    recurringEndDate: fields.recurringEndDate,
    recurringMaxCount: fields.recurringMaxCount,
    recurringDaysOfWeek: fields.recurringDaysOfWeek.optional(),
    recurringMonthlyType: fields.recurringMonthlyType,
    excludeWeekends: fields.excludeWeekends.optional(),
    excludeHolidays: fields.excludeHolidays.optional(),
    holidayCalendar: fields.holidayCalendar,
    recurringSchedule: fields.recurringSchedule,
    /**
     * The Gantt chart's "shift successors" (docs/gantt.md): when the due date moves, the tasks
     * that wait for this one (transitively, those the caller may edit) move by as many business
     * days as it did (weekends and the organization's holidays skipped, each keeping its length
     * in business days), in the same transaction. Not a stored field.
     */
    shiftSuccessors: z.boolean({ error: "shiftSuccessors must be true or false" }).optional(),
    /** With shiftSuccessors: move them by the same calendar time instead (the chart's Alt-drop). */
    shiftCalendarDays: z.boolean({ error: "shiftCalendarDays must be true or false" }).optional(),
  })
  .superRefine(refineShared);

export type CreateTaskInput = z.output<typeof createTaskSchema>;
export type CreateTaskBody = z.input<typeof createTaskSchema>;
export type UpdateTaskInput = z.output<typeof updateTaskSchema>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([text(), z.array(text())])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]).flatMap((part) => part.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const TASK_SORTS = ["dueDate", "priority", "department", "createdAt", "updatedAt", "displayNumber", "title", "status"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const listTasksQuerySchema = z.object({
  status: csv(TASK_STATUSES).optional(),
  priority: csv(TASK_PRIORITIES).optional(),
  unitId: id("department").optional(),
  /** A member id, "vendor-<id>", "me" or "unassigned". */
  assigneeId: text()
    .refine((v) => v === "me" || v === "unassigned" || isUuid(v) || (v.startsWith("vendor-") && isUuid(v.slice(7))), "must be a member id, vendor-<id>, me or unassigned")
    .optional(),
  projectId: id("project").optional(),
  parentTaskId: id("task").optional(),
  /** Occurrences of one recurring series (docs/recurrence.md). */
  seriesId: id("series").optional(),
  /** Tasks I am assigned to or on the team of. */
  mine: flag.optional(),
  /** Tasks open for pickup in my departments (the /available-tasks list). */
  available: flag.optional(),
  /** Leave out this task and its descendants (the parent picker of the edit form). */
  excludeTree: id("task").optional(),
  dueFrom: isoDate("dueFrom").optional(),
  dueTo: isoDate("dueTo").optional(),
  /** Completed this business week, on a task of mine or by me: exactly what the "completed this week" card counts. */
  completedThisWeek: flag.optional(),
  /** Due on this calendar day (yyyy-MM-dd) in the business time zone: the "Due today" card. */
  dueOn: dateKey("dueOn").optional(),
  q: text().trim().max(200, "q must be at most 200 characters").optional(),
  sort: z.enum(TASK_SORTS).default("dueDate"),
  order: z.enum(["asc", "desc"]).optional(),
  page: z.coerce.number().int().min(1, "page must be at least 1").max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1, "pageSize must be at least 1").max(200, "pageSize must be at most 200").default(50),
  /** Count every match (slow at scale); by default the count stops at 1,000 ("1,000+"). */
  exactTotal: flag.optional(),
});
export type ListTasksQuery = z.output<typeof listTasksQuerySchema>;

export const deletedTasksQuerySchema = z.object({
  q: text().trim().max(200, "q must be at most 200 characters").optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** With clientUuid + deviceTime: a tick made on a phone without a signal, replayed from its queue (lib/offline). */
export const checklistItemPatchSchema = z
  .object({
    isCompleted: z.boolean().optional(),
    title: text().trim().min(1, "Checklist items must not be blank").max(500, "Checklist items must be at most 500 characters").optional(),
    ...offlineWriteFields,
  })
  .refine((v) => v.isCompleted !== undefined || v.title !== undefined, { message: "isCompleted or title is required", path: ["isCompleted"] })
  .superRefine(offlineBothOrNeither);

export const checklistItemCreateSchema = z.object({
  title: text({ error: "title is required" }).trim().min(1, "Checklist items must not be blank").max(500, "Checklist items must be at most 500 characters"),
});

/** POST /api/tasks/{id}/dependencies: the task waits for this one to finish (finish-to-start). */
export const addDependencySchema = z.object({
  dependsOnTaskId: z.string({ error: "dependsOnTaskId is required" }).regex(UUID, "must be a valid task"),
});

// ---------------------------------------------------------------- answers ("Task as read", spec §3)

const personRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
/** null: a recurring series created as one, which takes no task number (docs/recurrence.md). */
const taskNumber = z.number().int().nullable();
const taskLink = z.object({ id: z.string(), displayNumber: taskNumber, title: z.string() });

export const taskSchema = z.object({
  id: z.string(),
  displayNumber: taskNumber,
  uuid: z.string().nullable(),
  title: z.string(),
  /** Detail answers only (a list row leaves it out). */
  description: z.string().nullable().optional(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  organizationalUnitId: z.string(),
  department: z.object({ id: z.string(), name: z.string(), unitNumber: z.number().int().nullable() }),
  assigneeType: z.enum(ASSIGNEE_TYPES).nullable(),
  assigneeId: z.string().nullable(),
  vendorId: z.string().nullable(),
  assignee: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("vendor"), id: z.string(), name: z.string() }),
      z.object({ type: z.literal("user"), id: z.string(), name: z.string(), firstName: z.string(), lastName: z.string() }),
    ])
    .nullable(),
  assignments: z.array(z.object({ userId: z.string(), isLead: z.boolean(), firstName: z.string(), lastName: z.string() })),
  assigneeIds: z.array(z.string()),
  leadAssigneeId: z.string().nullable(),
  checklist: z.array(z.object({ id: z.string(), title: z.string(), position: z.number().int(), isCompleted: z.boolean(), completedAt: isoDateTime.nullable() })),
  projectId: z.string().nullable(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  parentTaskId: z.string().nullable(),
  parentHidden: z.boolean(),
  parentTask: taskLink.nullable(),
  startDate: isoDateTime.nullable(),
  dueDate: isoDateTime,
  dueTime: z.string().nullable(),
  /** Minutes, mirroring the request field of the same name (spec §3). */
  estimatedHours: z.number().int().nullable(),
  estimatedMinutes: z.number().int().nullable(),
  availableForPickup: z.boolean(),
  isPrivate: z.boolean(),
  hasChecklist: z.boolean(),
  checklistRequired: z.boolean(),
  isRecurring: z.boolean(),
  recurringPattern: z.enum(RECURRING_PATTERNS).nullable(),
  recurringInterval: z.number().int(),
  recurringEndType: z.enum(RECURRING_END_TYPES),
  recurringEndDate: isoDateTime.nullable(),
  recurringMaxCount: z.number().int().nullable(),
  recurringDaysOfWeek: z.array(z.number().int()),
  recurringMonthlyType: z.enum(RECURRING_MONTHLY_TYPES).nullable(),
  excludeWeekends: z.boolean(),
  excludeHolidays: z.boolean(),
  holidayCalendar: z.string().nullable(),
  recurringSchedule: z.unknown().nullable(),
  recurrenceSourceId: z.string().nullable(),
  occurrenceIndex: z.number().int().nullable(),
  occurrenceLate: z.boolean(),
  createdById: z.string(),
  createdBy: personRef,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
  completedBy: personRef.nullable(),
  deletedAt: isoDateTime.nullable(),
  deletedBy: personRef.nullable(),
  subTaskCount: z.number().int(),
  /** Detail answers only: the visible sub-tasks. */
  subTasks: z
    .array(
      taskLink.extend({
        status: z.enum(TASK_STATUSES),
        priority: z.enum(TASK_PRIORITIES),
        dueDate: isoDateTime,
        isPrivate: z.boolean(),
        assigneeName: z.string().nullable(),
      }),
    )
    .optional(),
  permissions: z.object({ canEdit: z.boolean(), canDelete: z.boolean(), canClaim: z.boolean(), canRestore: z.boolean() }),
});
export type TaskView = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({
  items: z.array(taskSchema),
  /** The exact count when `totalCapped` is false; a lower bound when true. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

const shiftedDatesSchema = z.object({ startDate: z.string().nullable(), dueDate: z.string() });
export const taskUpdatedSchema = taskSchema.extend({
  shiftedTaskIds: z.array(z.string()).optional(),
  /** With shiftSuccessors: each task the shift moved, its dates before and after (the chart's Undo restores `before`). */
  shiftedTasks: z.array(z.object({ id: z.string(), before: shiftedDatesSchema, after: shiftedDatesSchema })).optional(),
});
export type TaskUpdated = z.infer<typeof taskUpdatedSchema>;

export type TaskListPage = z.infer<typeof taskListSchema>;

/** PATCH /api/tasks/{id}/checklist/{itemId}: the item as saved. */
export const checklistItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  position: z.number().int(),
  isCompleted: z.boolean(),
  completedAt: isoDateTime.nullable(),
});
export type ChecklistItemView = z.infer<typeof checklistItemSchema>;

const taskSummary = z.object({ id: z.string(), displayNumber: taskNumber, title: z.string(), status: z.enum(TASK_STATUSES), dueDate: isoDateTime });

/** GET /api/tasks/{id}/dependencies: what the task waits for and what waits for it (visible tasks only). */
export const taskDependenciesSchema = z.object({
  waitsFor: z.array(z.object({ id: z.string(), type: z.string(), createdAt: isoDateTime, dependsOn: taskSummary })),
  blocks: z.array(z.object({ id: z.string(), type: z.string(), createdAt: isoDateTime, task: taskSummary })),
});
export type TaskDependencies = z.infer<typeof taskDependenciesSchema>;

const snapshot = z.record(z.string(), z.unknown()).nullable();

/** One audit row of a task's history or a project's activity, newest first. */
export const historyEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  before: snapshot,
  after: snapshot,
  metadata: snapshot,
  createdAt: isoDateTime,
  actor: personRef.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historySchema = z.object({ items: z.array(historyEntrySchema) });

/** GET /api/dashboard/stats: the dashboard's cards. */
export const dashboardStatsSchema = z.object({
  /** Assigned to me (directly or on the team), not completed or cancelled. */
  mineOpen: z.number().int(),
  /** Of those, due today (business time zone). */
  dueToday: z.number().int(),
  /** Of those, due before now. */
  overdue: z.number().int(),
  /** Completed this week by me or on a task of mine. */
  completedThisWeek: z.number().int(),
  /** Unassigned pickup tasks in my departments. */
  availableToPickUp: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** A server-read answer handed to React Query as initialData (lib/queries/initial-data.ts): as the API would send it, and when it was read. */
interface Initial<T> {
  data: T;
  readAt: number;
}

/** The dashboard's first paint, read on the server: its first page of tasks, its stats, and My day's lists when it opens there. */
export interface DashboardInitialData {
  tasks: Initial<TaskListPage>;
  stats: Initial<DashboardStats>;
  /** My day's lists and my schedule (the shifts card above them): read with the page, so nothing pops in above the lists. */
  myDay?: { today: Initial<TaskListPage>; pickup: Initial<TaskListPage>; schedule: Initial<MySchedule> };
}

/** GET /api/admin/deleted-tasks: the admin's list of deleted tasks (who deleted them, when). */
export const deletedTaskSchema = z.object({
  id: z.string(),
  displayNumber: taskNumber,
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  isPrivate: z.boolean(),
  dueDate: isoDateTime,
  /** Always set: the list holds deleted tasks only. */
  deletedAt: isoDateTime,
  deletedBy: personRef.nullable(),
  createdBy: personRef,
  organizationalUnit: z.object({ id: z.string(), name: z.string() }),
  parentTask: taskLink.extend({ deletedAt: isoDateTime.nullable() }).nullable(),
  /** Deleted together with its parent: restoring the parent brings it back. */
  deletedWithParent: z.boolean(),
  subTaskCount: z.number().int(),
  checklistCount: z.number().int(),
});
export type DeletedTask = z.infer<typeof deletedTaskSchema>;

export const deletedTaskListSchema = z.object({
  items: z.array(deletedTaskSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type DeletedTaskList = z.infer<typeof deletedTaskListSchema>;

/** POST /api/tasks/{id}/complete: the task, and the caller's task clock on it that the completion stopped (null when none ran). */
export const taskCompletedSchema = taskSchema.extend({ clockedOutOfTask: activeTaskSchema.nullable() });
