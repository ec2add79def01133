import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { isUuid } from "@/lib/validations/ids";
import { PROCESS_NOT_FOUND } from "./process-access";
import { processSelect, stepSelect, toProcessSummary, toStepDto } from "./process-shape";
import { runSelect, toRunDtos } from "./run-shape";
import type { z } from "zod";
import type { processDetailSchema } from "@/lib/validations/processes";

export type ProcessDetailDto = z.input<typeof processDetailSchema>;

/** GET /api/processes/{id}: the template's steps and its runs (newest first) with their progress. */
export async function getProcess(caller: Caller, id: string): Promise<ProcessDetailDto> {
  if (!isUuid(id)) throw notFound(PROCESS_NOT_FOUND);
  const [viewer, row, runCount] = await Promise.all([
    loadViewer(db, caller),
    db.process.findUnique({
      where: { id },
      select: { ...processSelect, steps: { select: stepSelect, orderBy: { position: "asc" } }, runs: { select: runSelect, orderBy: { createdAt: "desc" }, take: 100 } },
    }),
    db.processRun.count({ where: { processId: id } }),
  ]);
  if (!row) throw notFound(PROCESS_NOT_FOUND);
  const { steps, runs, ...process } = row;
  return {
    ...toProcessSummary(process, viewer, { count: runCount, last: runs[0]?.createdAt ?? null }),
    steps: steps.map(toStepDto),
    runs: await toRunDtos(caller, runs),
  };
}
