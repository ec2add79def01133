import { z } from "zod";
import { dateString } from "./dates";
import { UUID_PATTERN } from "./ids";
import { listTasksQuerySchema } from "./tasks";

/**
 * GET /api/tasks/timeline (the Gantt chart, docs/gantt.md): the task list's filters (project,
 * department, assignee, status, mine) plus the window [from, to). A task is in the window when
 * its span — start date to due date, or the due date alone when it has no start — overlaps it.
 */
export const TIMELINE_MAX_DAYS = 731;
/** The most tasks one timeline read returns (the chart stays smooth well past it). */
export const TIMELINE_TASK_LIMIT = 2000;
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

export const timelineTaskSchema = z.object({
  id: z.string(),
  displayNumber: z.number(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  startDate: z.string().nullable(),
  dueDate: z.string(),
  projectId: z.string().nullable(),
  /** The parent when the caller can see it (a hidden parent is withheld, as everywhere). */
  parentTaskId: z.string().nullable(),
  /** 0-100: 100 when completed, else the ticked share of the checklist (0 without one). */
  progress: z.number(),
  canEdit: z.boolean(),
});
export type TimelineTask = z.infer<typeof timelineTaskSchema>;

export const timelineProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
});
export type TimelineProject = z.infer<typeof timelineProjectSchema>;

export const timelineSchema = z.object({
  from: z.string(),
  to: z.string(),
  tasks: z.array(timelineTaskSchema),
  projects: z.array(timelineProjectSchema),
  /** Finish-to-start links among the returned tasks: `taskId` waits for `dependsOnTaskId`. */
  dependencies: z.array(z.object({ taskId: z.string(), dependsOnTaskId: z.string() })),
  /** More tasks matched than TIMELINE_TASK_LIMIT: the earliest-starting ones are returned. */
  truncated: z.boolean(),
  /**
   * The organization's holidays (its calendar, `HOLIDAY_CALENDAR`) from a month before `from` to
   * a month after `to`, days in the business zone: the chart shades them with the weekends and
   * keeps drags off them (lib/gantt/business-shift.ts).
   */
  holidays: z.array(z.object({ date: z.string(), names: z.array(z.string()) })),
});
export type Timeline = z.infer<typeof timelineSchema>;

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
        .refine((t) => t.startDate === null || t.startDate.getTime() <= t.dueDate.getTime(), { path: ["startDate"], message: "Start date must be before the due date" }),
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
