import { keepPreviousData, useQuery, type QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "@/lib/api-client";
import { expandTimeline, type GanttTimeline } from "@/lib/gantt/timeline-wire";
import type { TaskDatesSet, TimelineAnswer } from "@/lib/validations/gantt";
import type { TaskDependencies, TaskUpdated } from "@/lib/validations/tasks";
import { invalidateTaskQueries, TASKS_PATH } from "./tasks";

/** What the chart reads: the compact answer (TimelineAnswer) expanded once, in the query function, so the cache holds it. */
export type { GanttTimeline as Timeline };
export const TIMELINE_PATH = "/api/tasks/timeline";

/** GET /api/tasks/timeline filters (empty values are dropped from the query string). */
export interface TimelineFilters {
  from: string;
  to: string;
  status?: string;
  unitId?: string | null;
  assigneeId?: string | null;
  projectId?: string | null;
  mine?: boolean;
}

export const timelineKey = (filters: TimelineFilters) => [TIMELINE_PATH, filters] as const;

const readAnswer = getQueryFn<TimelineAnswer>({ on401: "throw" });
const readTimeline: QueryFunction<GanttTimeline> = async (context) => expandTimeline(await readAnswer(context));

export function useTimeline(filters: TimelineFilters, options: { enabled?: boolean } = {}) {
  return useQuery<GanttTimeline>({ queryKey: timelineKey(filters), queryFn: readTimeline, placeholderData: keepPreviousData, enabled: options.enabled });
}

/**
 * Moves or resizes a task through the task API (PATCH, audited); `shiftSuccessors` moves its
 * chain too (on business days; by the exact time with `shiftCalendarDays`, the Alt-drop).
 */
export function patchTaskDates(id: string, body: { startDate?: string | null; dueDate: string; shiftSuccessors?: boolean; shiftCalendarDays?: boolean }) {
  return apiRequest<TaskUpdated>("PATCH", `${TASKS_PATH}/${id}`, body);
}

/** The Undo of a shift: the moved task and every shifted one back to their dates, in one transaction. */
export function setTaskDates(tasks: Array<{ id: string; startDate: string | null; dueDate: string }>) {
  return apiRequest<TaskDatesSet>("PUT", `${TIMELINE_PATH}/dates`, { tasks });
}

export function addDependency(taskId: string, dependsOnTaskId: string) {
  return apiRequest<TaskDependencies>("POST", `${TASKS_PATH}/${taskId}/dependencies`, { dependsOnTaskId });
}

export function removeDependency(taskId: string, dependsOnTaskId: string) {
  return apiRequest<TaskDependencies>("DELETE", `${TASKS_PATH}/${taskId}/dependencies/${dependsOnTaskId}`);
}

/** Puts new dates on a task in every cached timeline at once (the bar stays where it was dropped). */
export function setCachedTaskDates(queryClient: QueryClient, id: string, dates: { startDate: string | null; dueDate: string }) {
  queryClient.setQueriesData<GanttTimeline>({ queryKey: [TIMELINE_PATH] }, (old) =>
    old ? { ...old, tasks: old.tasks.map((t) => (t.id === id ? { ...t, ...dates } : t)) } : old,
  );
}

/** After a move or a link: the timelines, and the task lists, stats and projects (their dates and progress). */
export async function invalidateTimeline(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: [TIMELINE_PATH] }), invalidateTaskQueries(queryClient)]);
}
