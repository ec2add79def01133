import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UpdateTaskInput } from "@/lib/validations/tasks";
import { sanitizeDescription } from "./sanitize-description";

/** The body fields both a create and an update take (the create's department may be left to the parent). */
type TaskFields = Omit<UpdateTaskInput, "department"> & { department?: string | null };

/**
 * The one mapping of the task body (spec §3 "Task as sent") to columns: only the fields present
 * (an update changes those); createTask lays its defaults and the parent's inheritance around it.
 * The team, checklist, assignee and completion stamps have their own rules in each service.
 */
export function taskColumns(input: TaskFields) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: sanitizeDescription(input.description) }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.department !== undefined && input.department !== null && { organizationalUnitId: input.department }),
    ...(input.projectId !== undefined && { projectId: input.projectId }),
    ...(input.parentTaskId !== undefined && { parentTaskId: input.parentTaskId }),
    ...(input.dueDate !== undefined && { dueDate: input.dueDate }),
    ...(input.startDate !== undefined && { startDate: input.startDate }),
    ...(input.estimatedHours !== undefined && { estimatedMinutes: input.estimatedHours }),
    ...(input.availableForPickup !== undefined && { availableForPickup: input.availableForPickup }),
    ...(input.isPrivate !== undefined && { isPrivate: input.isPrivate }),
    ...(input.checklistRequired !== undefined && { checklistRequired: input.checklistRequired }),
    ...(input.isRecurring !== undefined && { isRecurring: input.isRecurring }),
    ...(input.recurringPattern !== undefined && { recurringPattern: input.recurringPattern }),
    ...(input.recurringInterval !== undefined && { recurringInterval: input.recurringInterval }),
    ...(input.recurringEndType !== undefined && { recurringEndType: input.recurringEndType }),
    ...(input.recurringEndDate !== undefined && { recurringEndDate: input.recurringEndDate }),
    ...(input.recurringMaxCount !== undefined && { recurringMaxCount: input.recurringMaxCount }),
    ...(input.recurringDaysOfWeek !== undefined && { recurringDaysOfWeek: input.recurringDaysOfWeek }),
    ...(input.recurringMonthlyType !== undefined && { recurringMonthlyType: input.recurringMonthlyType }),
    ...(input.excludeWeekends !== undefined && { excludeWeekends: input.excludeWeekends }),
    ...(input.excludeHolidays !== undefined && { excludeHolidays: input.excludeHolidays }),
    ...(input.holidayCalendar !== undefined && { holidayCalendar: input.holidayCalendar }),
    ...(input.recurringSchedule !== undefined && {
      recurringSchedule: input.recurringSchedule === null ? Prisma.DbNull : (input.recurringSchedule as Prisma.InputJsonValue),
    }),
  };
}

/** What a new task holds where the body says nothing (isPrivate: the column default, false). */
export const TASK_DEFAULTS = {
  status: "open",
  startDate: null,
  estimatedMinutes: null,
  availableForPickup: false,
  isRecurring: false,
  recurringPattern: null,
  recurringInterval: 1,
  recurringEndType: "never",
  recurringEndDate: null,
  recurringMaxCount: null,
  recurringDaysOfWeek: [],
  recurringMonthlyType: null,
  excludeWeekends: false,
  excludeHolidays: false,
  holidayCalendar: null,
} satisfies Partial<Prisma.TaskUncheckedCreateInput>;
