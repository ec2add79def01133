import { route } from "@/lib/http/route";
import * as op from "@/lib/processes/contracts";
import { createProcess } from "@/lib/services/processes/create-process";
import { listProcesses } from "@/lib/services/processes/list-processes";

export const GET = route(op.listProcesses, async ({ caller, query }) => listProcesses(caller, query));
export const POST = route(op.createProcess, async ({ caller, body }) => createProcess(caller, body));
