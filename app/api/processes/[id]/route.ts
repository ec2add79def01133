import { route } from "@/lib/http/route";
import * as op from "@/lib/processes/contracts";
import { getProcess } from "@/lib/services/processes/get-process";
import { updateProcess } from "@/lib/services/processes/update-process";

export const GET = route(op.getProcess, async ({ caller, params }) => getProcess(caller, String(params.id)));
export const PATCH = route(op.updateProcess, async ({ caller, params, body }) => updateProcess(caller, String(params.id), body));
