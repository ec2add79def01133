/**
 * The timeline's answer travels compact (lib/validations/gantt.ts: each task one array, dates in
 * epoch ms, projects and parents as indexes, links as index pairs); the client expands it here,
 * once per answer (lib/queries/gantt.ts), into the objects the chart and the agenda read.
 */
import type { TimelineAnswer } from "@/lib/validations/gantt";
import type { GanttLink, GanttProject, GanttTask } from "./timeline-model";

export interface GanttTimeline {
  from: string;
  to: string;
  tasks: GanttTask[];
  projects: GanttProject[];
  dependencies: GanttLink[];
  truncated: boolean;
  holidays: TimelineAnswer["holidays"];
}

export function expandTimeline(answer: TimelineAnswer): GanttTimeline {
  const ids = answer.tasks.map((row) => row[0]);
  const tasks = answer.tasks.map(([id, displayNumber, title, status, start, due, project, parent, progress, canEdit]): GanttTask => ({
    id,
    displayNumber,
    title,
    status,
    startDate: start === null ? null : new Date(start).toISOString(),
    dueDate: new Date(due).toISOString(),
    projectId: project === null ? null : (answer.projects[project]?.id ?? null),
    parentTaskId: parent === null ? null : (ids[parent] ?? null),
    progress,
    canEdit,
  }));
  return {
    from: answer.from,
    to: answer.to,
    tasks,
    projects: answer.projects,
    dependencies: answer.dependencies.flatMap(([task, dependsOn]) => (ids[task] && ids[dependsOn] ? [{ taskId: ids[task], dependsOnTaskId: ids[dependsOn] }] : [])),
    truncated: answer.truncated,
    holidays: answer.holidays,
  };
}
