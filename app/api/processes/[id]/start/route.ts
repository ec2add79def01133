import { json, route } from "@/lib/http/route";
import * as op from "@/lib/processes/contracts";
import { startProcess } from "@/lib/services/processes/start-process";

/** 201 with the run; 200 with the first run when the uuid was used before (idempotent). */
export const POST = route(op.startProcess, async ({ caller, params, body }) => {
  const { run, created } = await startProcess(caller, String(params.id), body);
  return json(run, created ? 201 : 200);
});
