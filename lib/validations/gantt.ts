import { z } from "zod";
import { dateString } from "./dates";
import { UUID_PATTERN } from "./ids";
import { TASK_STATUSES } from "@/lib/tasks/options";
import { listTasksQuerySchema } from "./tasks";

/**
 * GET /api/tasks/timeline (the Gantt chart, docs/gantt.md): the task list's filters (project,
 * department, assignee, status, mine) plus the window [from, to). A task is in the window when
 * its span — start date to due date, or the due date alone when it has no start — overlaps it.
 */
export const TIMELINE_MAX_DAYS = 731;
/** The most tasks one timeline read returns (the chart stays smooth well past it). */
export const TIMELINE_TASK_LIMIT = 2000;
/** How far past the window the answer's holidays reach: a bar that spans its edge, or a drag past it, still lands right. */
export const TIMELINE_HOLIDAY_MARGIN_DAYS = 31;
export const TIMELINE_RANGE_ORDER = "to must be after from";
export const TIMELINE_RANGE_TOO_LONG = `The date range must be at most ${TIMELINE_MAX_DAYS} days`;

export const timelineQuerySchema = listTasksQuerySchema
  .pick({ status: true, unitId: true, assigneeId: true, projectId: true, mine: true })
  .extend({
    from: dateString("from must be a valid date", { error: "from is required" }),
    to: dateString("to must be a valid date", { error: "to is required" }),
  })
  .superRefine((value, ctx) => {
    if (value.to.getTime() <= value.from.getTime()) ctx.addIssue({ code: "custom", path: ["to"], message: TIMELINE_RANGE_ORDER });
    else if (value.to.getTime() - value.from.getTime() > TIMELINE_MAX_DAYS * 86_400_000) ctx.addIssue({ code: "custom", path: ["to"], message: TIMELINE_RANGE_TOO_LONG });
  });
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

/**
 * The answer is compact: it carries what the chart draws and nothing else, each task as one
 * array in the order of TIMELINE_TASK_COLUMNS (also sent as `taskColumns`), built by Postgres
 * in one statement (lib/services/gantt/get-timeline.ts). Dates are instants in epoch
 * milliseconds (the chart keeps a task's time of day when it moves it); the project and the
 * parent are indexes into `projects` and `tasks`; links are pairs of task indexes. The client
 * expands it once (lib/gantt/timeline-wire.ts) into the objects the chart reads.
 */
export const TIMELINE_TASK_COLUMNS = ["id", "displayNumber", "title", "status", "start", "due", "project", "parent", "progress", "canEdit"] as const;

const index = z.number().int().nonnegative();
const epochMs = z.number().int();

export const timelineTaskRowSchema = z.tuple([
  z.string().describe("id"),
  z.number().int().describe("displayNumber"),
  z.string().describe("title"),
  z.enum(TASK_STATUSES).describe("status"),
  epochMs.nullable().describe("start: epoch ms; null for a milestone (no start date)"),
  epochMs.describe("due: epoch ms"),
  index.nullable().describe("project: index into `projects`; null for none (or one the caller may not see, e.g. deleted)"),
  index.nullable().describe("parent: index into `tasks` when the parent is on the chart; null otherwise (outside the window, filtered out, or hidden from the caller)"),
  z.number().int().min(0).max(100).describe("progress 0-100: 100 when completed, else the ticked share of the checklist (0 without one)"),
  z.boolean().describe("canEdit: the caller may move this task (canEditTask)"),
]);
export type TimelineTaskRow = z.infer<typeof timelineTaskRowSchema>;

export const timelineProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
});
export type TimelineProject = z.infer<typeof timelineProjectSchema>;

export const timelineSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The legend of each task's array (TIMELINE_TASK_COLUMNS). */
    taskColumns: z.tuple([
      z.literal("id"),
      z.literal("displayNumber"),
      z.literal("title"),
      z.literal("status"),
      z.literal("start"),
      z.literal("due"),
      z.literal("project"),
      z.literal("parent"),
      z.literal("progress"),
      z.literal("canEdit"),
    ]),
    /** Earliest start first (a milestone's start is its due date), then by number; at most TIMELINE_TASK_LIMIT. */
    tasks: z.array(timelineTaskRowSchema),
    /** The projects of those tasks, by name. */
    projects: z.array(timelineProjectSchema),
    /** Finish-to-start links among the returned tasks, as [task, the task it waits for] indexes into `tasks`. */
    dependencies: z.array(z.tuple([index, index])),
    /** More tasks matched than TIMELINE_TASK_LIMIT: the earliest-starting ones are returned. */
    truncated: z.boolean(),
    /**
     * The organization's holidays (its calendar, `HOLIDAY_CALENDAR`) from a month before `from` to
     * a month after `to`, days in the business zone: the chart shades them with the weekends and
     * keeps drags off them (lib/gantt/business-shift.ts).
     */
    holidays: z.array(z.object({ date: z.string(), names: z.array(z.string()) })),
  })
  .superRefine((answer, ctx) => {
    // Every index points at something in this answer.
    const inRange = (i: number | null, length: number) => i === null || i < length;
    answer.tasks.forEach((row, i) => {
      if (!inRange(row[6], answer.projects.length)) ctx.addIssue({ code: "custom", path: ["tasks", i, 6], message: "project index out of range" });
      if (!inRange(row[7], answer.tasks.length) || row[7] === i) ctx.addIssue({ code: "custom", path: ["tasks", i, 7], message: "parent index out of range" });
    });
    answer.dependencies.forEach((link, i) => {
      if (!link.every((at) => inRange(at, answer.tasks.length))) ctx.addIssue({ code: "custom", path: ["dependencies", i], message: "task index out of range" });
    });
  });
/** The answer as it travels (compact); the chart reads its expansion, GanttTimeline (lib/gantt/timeline-wire.ts). */
export type TimelineAnswer = z.infer<typeof timelineSchema>;

/** The "Edit dates" dialog (the keyboard alternative to dragging): days in the business zone. */
export const editDatesSchema = z
  .object({
    startDay: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "Start date must be a valid date"),
    dueDay: z.string().min(1, "Due date is required").regex(/^\d{4}-\d{2}-\d{2}$/, "Due date must be a valid date"),
  })
  .refine((v) => !v.startDay || v.startDay <= v.dueDay, { path: ["startDay"], message: "Start date must be before the due date" });
export type EditDatesInput = z.infer<typeof editDatesSchema>;

/** The most tasks one PUT /api/tasks/timeline/dates sets (a shifted chain is far shorter). */
export const TASK_DATES_LIMIT = 500;

/**
 * PUT /api/tasks/timeline/dates: the dates of several tasks set together, in one transaction —
 * the chart's Undo of a move that shifted successors (the moved task and every shifted one back
 * to the dates they had). A task without a start date is a milestone (`startDate: null`).
 */
export const setTaskDatesSchema = z.object({
  tasks: z
    .array(
      z
        .object({
          id: z.string({ error: "id is required" }).regex(UUID_PATTERN, "id must be a task id"),
          startDate: dateString("startDate must be a valid date").nullable(),
          dueDate: dateString("dueDate must be a valid date", { error: "dueDate is required" }),
        })
        // zod runs an object's refinements even when a field failed (and still holds its input): compare Dates only.
        .refine((t) => !(t.startDate instanceof Date) || !(t.dueDate instanceof Date) || t.startDate.getTime() <= t.dueDate.getTime(), { path: ["startDate"], message: "Start date must be before the due date" }),
      { error: "tasks must be a list" },
    )
    .min(1, "tasks must name at least one task")
    .max(TASK_DATES_LIMIT, `At most ${TASK_DATES_LIMIT} tasks at once`)
    .refine((tasks) => new Set(tasks.map((t) => t.id)).size === tasks.length, "Each task may appear only once"),
});
export type SetTaskDatesInput = z.output<typeof setTaskDatesSchema>;

export const taskDatesSetSchema = z.object({
  tasks: z.array(z.object({ id: z.string(), startDate: z.string().nullable(), dueDate: z.string() })),
});
export type TaskDatesSet = z.infer<typeof taskDatesSetSchema>;
