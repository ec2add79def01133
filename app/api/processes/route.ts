import { json, route } from "@/lib/http/route";
import { createProcess } from "@/lib/services/processes/create-process";
import { listProcesses } from "@/lib/services/processes/list-processes";
import { createProcessSchema, listProcessesQuerySchema } from "@/lib/validations/processes";

export const GET = route(async ({ caller, query }) => listProcesses(caller, query(listProcessesQuerySchema)), { permission: "processes.read" });
export const POST = route(async ({ caller, body }) => json(await createProcess(caller, await body(createProcessSchema)), 201), { permission: "processes.write" });
