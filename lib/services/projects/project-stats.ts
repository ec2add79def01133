import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { isAtRisk, percentDone } from "@/lib/projects/progress";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import type { z } from "zod";
import type { projectSummarySchema } from "@/lib/validations/projects";

const ACTIVE = ["open", "in_progress", "blocked"] as const;

export type ProjectProgress = z.input<typeof projectSummarySchema>["progress"];

/**
 * Progress of several projects at once, counting only the tasks the caller may see (the one
 * task visibility rule, visibleTaskWhere): someone else's private task never shows up in a
 * count, a percentage or the hours. A fixed number of queries whatever the page size.
 */
export async function projectProgress(
  caller: Pick<Caller, "userId" | "role">,
  projects: ReadonlyArray<{ id: string; dueDate: Date | null }>,
  client: Db = db,
  now = new Date(),
): Promise<Map<string, ProjectProgress>> {
  const result = new Map<string, ProjectProgress>();
  if (projects.length === 0) return result;
  const ids = projects.map((p) => p.id);
  const base = { projectId: { in: ids }, ...visibleTaskWhere(caller) };

  const [byStatus, overdue, latestOpen, timed] = await Promise.all([
    client.task.groupBy({ by: ["projectId", "status"], where: base, _count: { _all: true } }),
    client.task.groupBy({ by: ["projectId"], where: { ...base, status: { in: [...ACTIVE] }, dueDate: { lt: now } }, _count: { _all: true } }),
    client.task.groupBy({ by: ["projectId"], where: { ...base, status: { in: [...ACTIVE] } }, _max: { dueDate: true } }),
    client.task.findMany({ where: { ...base, timeEntries: { some: {} } }, select: { id: true, projectId: true } }),
  ]);

  const seconds = new Map<string, number>();
  if (timed.length > 0) {
    const taskIds = timed.map((t) => t.id);
    const rows = await client.$queryRaw<Array<{ task_id: string; seconds: number }>>`
      SELECT task_id::text AS task_id, COALESCE(SUM(EXTRACT(EPOCH FROM (COALESCE(ended_at, ${now}::timestamptz) - started_at))), 0)::float8 AS seconds
      FROM task_time_entries WHERE task_id = ANY(${taskIds}::uuid[]) GROUP BY task_id`;
    const projectOf = new Map(timed.map((t) => [t.id, t.projectId!]));
    for (const row of rows) {
      const projectId = projectOf.get(row.task_id);
      if (projectId) seconds.set(projectId, (seconds.get(projectId) ?? 0) + Number(row.seconds));
    }
  }

  for (const project of projects) {
    const counts = byStatus.filter((g) => g.projectId === project.id);
    const count = (statuses: readonly string[]) => counts.filter((g) => statuses.includes(g.status)).reduce((sum, g) => sum + g._count._all, 0);
    const done = count(["completed"]);
    const open = count(ACTIVE);
    const late = overdue.find((g) => g.projectId === project.id)?._count._all ?? 0;
    const latestOpenDue = latestOpen.find((g) => g.projectId === project.id)?._max.dueDate ?? null;
    const total = done + open;
    result.set(project.id, {
      total,
      done,
      open,
      overdue: late,
      percent: percentDone(done, total),
      hoursLogged: Math.round(((seconds.get(project.id) ?? 0) / 3600) * 10) / 10,
      atRisk: isAtRisk({ total, done, open, overdue: late, latestOpenDue, targetDate: project.dueDate, now }),
    });
  }
  return result;
}
