/**
 * The task form's values are the API body (spec §3 "Task as sent") under the API's own names,
 * checked by the handler's own schema (createTaskSchema, updateTaskSchema), so a 400 from the
 * server names a form field. Four fields hold what their inputs show, converted here and nowhere
 * else: dueDate and startDate a day and an H:MM time (business zone), estimatedHours H:MM
 * (minutes at the API), recurringEndDate a day, checklistItems rows with their drag keys.
 */
import { z } from "zod";
import type { Task } from "@/lib/queries/tasks";
import { readSchedule } from "@/lib/recurrence/rule";
import { previewRuleSchema, type ExcludedDayPolicy } from "@/lib/validations/recurrence";
import { createTaskSchema, updateTaskSchema } from "@/lib/validations/tasks";
import { assigneeValue, type TaskPriorityValue, type TaskStatusValue } from "./options";
import type { RECURRING_END_TYPES, RECURRING_PATTERNS } from "./recurrence-options";
import { combineDayAndTime, dayAndTime, splitInstant } from "@/lib/dates/day-time";
import { formatMinutes, parseTimeInput } from "./time-input";

/** What a series' dates follow besides the due date (the rule, then its filters): sent only while Recurring is ticked. */
export const RULE = ["recurringPattern", "recurringInterval", "recurringEndType", "recurringEndDate", "recurringMaxCount", "recurringDaysOfWeek", "recurringMonthlyType"] as const;
export const FILTERS = ["excludeWeekends", "excludeHolidays", "holidayCalendar", "recurringSchedule"] as const;

const none = null as string | null;
export const emptyTaskForm = () => ({
  title: "", description: "", priority: "normal" as TaskPriorityValue, status: "open" as TaskStatusValue,
  /** assigneeId: a member id, or "vendor-<id>" (the assignee picker's value, spec §7). */
  department: none, assigneeId: none, assigneeIds: [] as string[], leadAssigneeId: none, projectId: none, parentTaskId: none,
  dueDate: { day: "", time: "" }, startDate: { day: "", time: "" }, estimatedHours: "",
  availableForPickup: false, isPrivate: false, hasChecklist: false, checklistRequired: false, checklistItems: [] as Array<{ key: string; title: string }>, isRecurring: false,
  recurringPattern: "weekly" as (typeof RECURRING_PATTERNS)[number], recurringInterval: 1 as number | null, recurringEndType: "never" as (typeof RECURRING_END_TYPES)[number],
  recurringEndDate: "", recurringMaxCount: null as number | null, recurringDaysOfWeek: [] as number[], recurringMonthlyType: "date" as "date" | "weekday",
  excludeWeekends: false, excludeHolidays: false, holidayCalendar: "US",
  recurringSchedule: { excludedDayPolicy: "skip" as ExcludedDayPolicy, monthlyWeek: null as number | null },
});
export type TaskFormValues = ReturnType<typeof emptyTaskForm> & { uuid?: string };
/** What a new task's form may start with (the project page's project and department, quick add's title and chips). */
export type TaskFormDefaults = Partial<Pick<TaskFormValues, "title" | "projectId" | "department" | "priority" | "assigneeId" | "dueDate">>;

/** A stored task in the form: the fields of the API's name and shape come over as they are. */
export function taskToForm(task: Task): TaskFormValues {
  const blank = emptyTaskForm();
  const same = Object.fromEntries(Object.keys(blank).flatMap((key) => (task[key as keyof Task] == null ? [] : [[key, task[key as keyof Task]]])));
  return {
    ...blank,
    ...same,
    department: task.organizationalUnitId,
    assigneeId: assigneeValue(task),
    dueDate: dayAndTime(task.dueDate, "due"),
    startDate: dayAndTime(task.startDate, "start"),
    estimatedHours: formatMinutes(task.estimatedHours),
    checklistItems: task.checklist.map((item) => ({ key: item.id, title: item.title })),
    recurringEndDate: splitInstant(task.recurringEndDate, "due").day,
    recurringSchedule: { ...blank.recurringSchedule, ...readSchedule(task.recurringSchedule) },
  };
}

/** An H:MM (or minutes) input as minutes, blank as null; a bad one is refused under the input itself. */
const hoursAndMinutes = z.string().transform((text, ctx) => {
  const parsed = parseTimeInput(text);
  if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  return parsed.ok ? parsed.minutes : null;
});
type Check = z.ZodType<unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's checks take unknown (preprocess)
const instant = (kind: "due" | "start", api: Check) =>
  z.object({ day: z.string(), time: hoursAndMinutes }).transform(({ day, time }) => (day ? combineDayAndTime(day, time, kind).toISOString() : null)).pipe(api);
const endDay = (api: Check) => z.string().optional().transform((day) => (day ? combineDayAndTime(day, null, "due").toISOString() : day)).pipe(api);

/** The recurrence as sent: none while unticked (hidden fields never block), else what the pattern and end use. */
function asSent<V extends Partial<TaskFormValues>>(v: V): V {
  if (!v.isRecurring) return { ...v, ...Object.fromEntries([...RULE, ...FILTERS].map((key) => [key, undefined])) };
  const monthly = v.recurringPattern === "monthly";
  return {
    ...v,
    recurringDaysOfWeek: v.recurringPattern === "weekly" ? [...(v.recurringDaysOfWeek ?? [])].sort() : [],
    recurringMonthlyType: monthly ? v.recurringMonthlyType : null,
    recurringEndDate: v.recurringEndType === "on" ? v.recurringEndDate : "",
    recurringMaxCount: v.recurringEndType === "after" ? v.recurringMaxCount : null,
    holidayCalendar: v.excludeHolidays ? v.holidayCalendar : null,
    recurringSchedule: { ...v.recurringSchedule, monthlyWeek: monthly && v.recurringMonthlyType === "weekday" ? v.recurringSchedule?.monthlyWeek : null },
  };
}

/** The form's values in, the API's body out: the API's own schema, its screen-shaped fields converted first. */
const formSchema = <A extends z.ZodObject>(api: A, fields: z.ZodRawShape) =>
  z.custom<TaskFormValues>().transform(asSent).pipe((api as z.ZodObject).safeExtend(fields) as unknown as z.ZodType<z.output<A>, TaskFormValues>);
const screen = (api: Record<"dueDate" | "startDate" | "estimatedHours" | "recurringEndDate" | "checklistItems", Check>) => ({
  dueDate: instant("due", api.dueDate),
  startDate: instant("start", api.startDate),
  estimatedHours: hoursAndMinutes.pipe(api.estimatedHours),
  recurringEndDate: endDay(api.recurringEndDate),
  checklistItems: z.array(z.object({ key: z.string(), title: z.string() })).transform((rows) => rows.map((row) => row.title.trim()).filter(Boolean)).pipe(api.checklistItems),
});
export const createTaskForm = formSchema(createTaskSchema, screen(createTaskSchema.shape));
export const updateTaskForm = formSchema(updateTaskSchema, screen(updateTaskSchema.shape));
const rule = previewRuleSchema.shape;
const previewRule = formSchema(previewRuleSchema, { dueDate: instant("due", rule.dueDate as Check), recurringEndDate: endDay(rule.recurringEndDate as Check) });

/** The rule as the preview endpoint takes it, or null and the first thing the form still lacks for one (no due date, bad numbers). */
export const previewBody = (v: Partial<TaskFormValues>) => {
  const { data, error } = previewRule.safeParse({ ...v, isRecurring: true });
  return { body: data ?? null, missing: error?.issues[0]?.message };
};
