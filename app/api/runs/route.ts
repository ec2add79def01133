import { json, route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { createRun } from "@/lib/services/runs/create-run";
import { listRuns } from "@/lib/services/runs/list-runs";

export const GET = route(op.listRuns, async ({ caller, query }) => listRuns(caller, query));

/** 201 with the run; 200 with the run as it is when the uuid was used before (idempotent). */
export const POST = route(op.createRun, async ({ caller, body }) => {
  const { run, created } = await createRun(caller, body);
  return json(run, created ? 201 : 200);
});
