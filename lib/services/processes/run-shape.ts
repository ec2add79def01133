import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { percentDone } from "@/lib/projects/progress";
import { isTaskVisible, visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { linkedTaskSelect } from "@/lib/services/tasks/task-summary";
import { dateKeyOfDateColumn } from "@/lib/dates";
import type { z } from "zod";
import type { processRunSchema } from "@/lib/validations/processes";

const person = { select: { id: true, firstName: true, lastName: true } } as const;

export const runSelect = {
  id: true,
  uuid: true,
  name: true,
  startDate: true,
  target: true,
  createdAt: true,
  process: { select: { id: true, name: true } },
  project: { select: { id: true, name: true, deletedAt: true } },
  parentTask: { select: linkedTaskSelect },
  createdBy: person,
} satisfies Prisma.ProcessRunSelect;

type RunRow = Prisma.ProcessRunGetPayload<{ select: typeof runSelect }>;

export type RunDto = z.input<typeof processRunSchema>;

/** Runs with their progress over the tasks the caller may see (visibleTaskWhere), in two queries. */
export async function toRunDtos(caller: Pick<Caller, "userId" | "role">, rows: RunRow[], client: Db = db): Promise<RunDto[]> {
  if (rows.length === 0) return [];
  const groups = await client.task.groupBy({
    by: ["processRunId", "status"],
    where: { processRunId: { in: rows.map((r) => r.id) }, ...visibleTaskWhere(caller) },
    _count: { _all: true },
  });
  return rows.map((row) => {
    const mine = groups.filter((g) => g.processRunId === row.id && g.status !== "cancelled");
    const total = mine.reduce((sum, g) => sum + g._count._all, 0);
    const done = mine.filter((g) => g.status === "completed").reduce((sum, g) => sum + g._count._all, 0);
    const project = row.project && !row.project.deletedAt ? { id: row.project.id, name: row.project.name } : null;
    const parentVisible = row.parentTask !== null && isTaskVisible(caller, row.parentTask);
    const parentTask = parentVisible && row.parentTask ? { id: row.parentTask.id, displayNumber: row.parentTask.displayNumber, title: row.parentTask.title } : null;
    return {
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      startDate: dateKeyOfDateColumn(row.startDate),
      target: row.target,
      createdAt: row.createdAt,
      process: row.process,
      project,
      parentTask,
      createdBy: row.createdBy,
      href: project ? `/projects/${project.id}` : parentTask ? `/tasks/${parentTask.id}` : null,
      progress: { total, done, percent: percentDone(done, total) },
    };
  });
}
