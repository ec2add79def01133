import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { notFound } from "@/lib/http/app-error";
import type { Run } from "@/lib/validations/runs";
import { RUN_NOT_FOUND, visibleRunWhere } from "./run-access";
import { loadRuns } from "./run-shape";

/** GET /api/runs/{id}: the run with its ordered stops and pets (a dispatcher any run, a driver their own). */
export async function getRun(caller: Caller, runId: string): Promise<Run> {
  const [run] = await loadRuns({ AND: [{ id: runId }, visibleRunWhere(caller)] });
  if (!run) throw notFound(RUN_NOT_FOUND);
  return run;
}
