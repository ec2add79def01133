/**
 * The Gantt chart's pure rules (docs/gantt.md), shared by the chart and the phone agenda and
 * unit-tested: rows (project groups, sub-tasks under their parent), project summaries,
 * dependency conflicts, date shifts in the business time zone and the agenda's weeks.
 */
import type { Day } from "date-fns";
import { BUSINESS_TIME_ZONE, dateKeyOf, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { shiftInstantDays, startOfDay } from "@/lib/dates/instants";

export interface GanttTask {
  id: string;
  displayNumber: number;
  title: string;
  status: string;
  startDate: string | null;
  dueDate: string;
  projectId: string | null;
  parentTaskId: string | null;
  progress: number;
  canEdit: boolean;
}

export interface GanttProject {
  id: string;
  name: string;
  color: string | null;
}

export interface GanttLink {
  taskId: string;
  dependsOnTaskId: string;
}

export const NO_PROJECT = "No project";
export const DAY_MS = 86_400_000;

export type GanttRow =
  | { kind: "group"; key: string; projectId: string | null; name: string; color: string | null; count: number; start: number; end: number; progress: number; collapsed: boolean }
  | { kind: "task"; key: string; task: GanttTask; depth: number };

/** Where a task sits on the time axis: [start, end] in ms; a task without a start date is a milestone at its due date. */
export function spanOf(task: Pick<GanttTask, "startDate" | "dueDate">): { start: number; end: number; milestone: boolean } {
  const end = Date.parse(task.dueDate);
  if (!task.startDate) return { start: end, end, milestone: true };
  return { start: Math.min(Date.parse(task.startDate), end), end, milestone: false };
}

/**
 * Rows in display order: one group per project (by name), "No project" last; inside a group the
 * tasks by start, each sub-task right under its parent (indented one level per generation) when
 * the parent is on the chart in the same group. A collapsed group keeps only its header row.
 * The group's summary runs from its earliest start to its latest due date; its progress is the
 * share of its tasks (cancelled ones aside) that are completed.
 */
export function buildRows(tasks: readonly GanttTask[], projects: readonly GanttProject[], collapsed: ReadonlySet<string>): GanttRow[] {
  const byGroup = new Map<string, GanttTask[]>();
  for (const task of tasks) {
    const key = task.projectId ?? "";
    const list = byGroup.get(key);
    if (list) list.push(task);
    else byGroup.set(key, [task]);
  }
  const groups = [...projects].sort((a, b) => a.name.localeCompare(b.name)).map((p) => ({ key: p.id, projectId: p.id as string | null, name: p.name, color: p.color }));
  groups.push({ key: "", projectId: null, name: NO_PROJECT, color: null });

  const rows: GanttRow[] = [];
  for (const group of groups) {
    const list = byGroup.get(group.key);
    if (!list?.length) continue;
    const spans = list.map(spanOf);
    const counted = list.filter((t) => t.status !== "cancelled");
    const done = counted.filter((t) => t.status === "completed").length;
    const isCollapsed = collapsed.has(group.key);
    rows.push({
      kind: "group",
      key: `group:${group.key}`,
      projectId: group.projectId,
      name: group.name,
      color: group.color,
      count: list.length,
      start: Math.min(...spans.map((s) => s.start)),
      end: Math.max(...spans.map((s) => s.end)),
      progress: counted.length ? Math.round((done / counted.length) * 100) : 0,
      collapsed: isCollapsed,
    });
    if (isCollapsed) continue;
    const inGroup = new Set(list.map((t) => t.id));
    const children = new Map<string, GanttTask[]>();
    const roots: GanttTask[] = [];
    for (const task of list) {
      if (task.parentTaskId && task.parentTaskId !== task.id && inGroup.has(task.parentTaskId)) {
        const siblings = children.get(task.parentTaskId);
        if (siblings) siblings.push(task);
        else children.set(task.parentTaskId, [task]);
      } else roots.push(task);
    }
    const seen = new Set<string>();
    const visit = (task: GanttTask, depth: number) => {
      if (seen.has(task.id)) return;
      seen.add(task.id);
      rows.push({ kind: "task", key: task.id, task, depth });
      for (const child of children.get(task.id) ?? []) visit(child, depth + 1);
    };
    for (const root of roots) visit(root, 0);
    // A parent chain that loops back (never stored, but be safe) still shows every task.
    for (const task of list) visit(task, 0);
  }
  return rows;
}

/** A link whose successor starts before its predecessor is due: the schedule is broken there. */
export function isConflict(successor: Pick<GanttTask, "startDate" | "dueDate">, predecessor: Pick<GanttTask, "startDate" | "dueDate">): boolean {
  return spanOf(successor).start < spanOf(predecessor).end;
}

/** Per task id: the display numbers of the predecessors it starts before. */
export function conflictsOf(tasks: readonly GanttTask[], links: readonly GanttLink[]): Map<string, number[]> {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const result = new Map<string, number[]>();
  for (const link of links) {
    const successor = byId.get(link.taskId);
    const predecessor = byId.get(link.dependsOnTaskId);
    if (!successor || !predecessor || !isConflict(successor, predecessor)) continue;
    result.set(successor.id, [...(result.get(successor.id) ?? []), predecessor.displayNumber]);
  }
  return result;
}

/** The instant `days` calendar days later in the business zone, keeping the local time of day (DST-safe). */
export function shiftDays(iso: string, days: number, timeZone = BUSINESS_TIME_ZONE): string {
  return shiftInstantDays(iso, days, timeZone).toISOString();
}

/** Business-local midnight of the day containing `ms`. */
export function startOfBusinessDay(ms: number, timeZone = BUSINESS_TIME_ZONE): number {
  return startOfDay(dateKeyOf(ms, timeZone), timeZone).getTime();
}

/** The business day "yyyy-MM-dd" of an instant. */
export function businessDayOf(ms: number, timeZone = BUSINESS_TIME_ZONE): string {
  return dateKeyOf(ms, timeZone);
}

/** The phone agenda: tasks by the business week of their due date, weeks and tasks in date order. */
export function groupByWeek(
  tasks: readonly GanttTask[],
  timeZone = BUSINESS_TIME_ZONE,
  weekStartsOn: Day = WEEK_STARTS_ON,
): Array<{ weekStart: number; tasks: GanttTask[] }> {
  const weeks = new Map<number, GanttTask[]>();
  const sorted = [...tasks].sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate) || a.displayNumber - b.displayNumber);
  for (const task of sorted) {
    const week = startOfDay(weekStart(dateKeyOf(task.dueDate, timeZone), weekStartsOn), timeZone).getTime();
    const list = weeks.get(week);
    if (list) list.push(task);
    else weeks.set(week, [task]);
  }
  return [...weeks.entries()].sort((a, b) => a[0] - b[0]).map(([weekStart, list]) => ({ weekStart, tasks: list }));
}

export type DragMode = "move" | "start" | "end";

/**
 * A task's dates after dragging its bar by `days` whole days: a move shifts both, a resize moves
 * one end and never past the other. A milestone (no start date) only moves.
 */
export function datesAfter(task: Pick<GanttTask, "startDate" | "dueDate">, mode: DragMode, days: number, timeZone = BUSINESS_TIME_ZONE): { startDate: string | null; dueDate: string } {
  if (days === 0) return { startDate: task.startDate, dueDate: task.dueDate };
  if (!task.startDate || mode === "move") {
    return { startDate: task.startDate ? shiftDays(task.startDate, days, timeZone) : null, dueDate: shiftDays(task.dueDate, days, timeZone) };
  }
  if (mode === "start") {
    const start = shiftDays(task.startDate, days, timeZone);
    return { startDate: Date.parse(start) > Date.parse(task.dueDate) ? task.dueDate : start, dueDate: task.dueDate };
  }
  const due = shiftDays(task.dueDate, days, timeZone);
  return { startDate: task.startDate, dueDate: Date.parse(due) < Date.parse(task.startDate) ? task.startDate : due };
}
