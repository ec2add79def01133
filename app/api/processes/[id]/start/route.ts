import { json, route } from "@/lib/http/route";
import { startProcess } from "@/lib/services/processes/start-process";
import { startProcessSchema } from "@/lib/validations/processes";

/** 201 with the run; 200 with the first run when the uuid was used before (idempotent). */
export const POST = route(async ({ caller, params, body }) => {
  const { run, created } = await startProcess(caller, String(params.id), await body(startProcessSchema));
  return json(run, created ? 201 : 200);
}, { permission: "processes.start" });
