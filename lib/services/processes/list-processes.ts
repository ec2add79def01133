import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { loadViewer } from "@/lib/services/tasks/task-access";
import type { ListProcessesQuery } from "@/lib/validations/processes";
import { processSelect, toProcessSummary, type ProcessSummaryDto } from "./process-shape";

/** GET /api/processes: the templates with step count, department, times started and last start. */
export async function listProcesses(caller: Caller, query: ListProcessesQuery): Promise<{ items: ProcessSummaryDto[] }> {
  const filters: Prisma.ProcessWhereInput[] = [{ isActive: query.show === "active" }];
  if (query.unitId) filters.push({ organizationalUnitId: query.unitId });
  if (query.q) {
    const words = query.q.split(/\s+/).filter(Boolean).slice(0, 8);
    filters.push({ AND: words.map((word) => ({ name: { contains: word, mode: "insensitive" as const } })) });
  }
  const [viewer, rows] = await Promise.all([
    loadViewer(db, caller),
    db.process.findMany({ where: { AND: filters }, select: processSelect, orderBy: [{ name: "asc" }, { id: "asc" }], take: 500 }),
  ]);
  const runs = rows.length
    ? await db.processRun.groupBy({ by: ["processId"], where: { processId: { in: rows.map((r) => r.id) } }, _count: { _all: true }, _max: { createdAt: true } })
    : [];
  const byProcess = new Map(runs.map((r) => [r.processId, { count: r._count._all, last: r._max.createdAt }]));
  return { items: rows.map((row) => toProcessSummary(row, viewer, byProcess.get(row.id))) };
}
