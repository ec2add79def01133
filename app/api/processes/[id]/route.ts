import { route } from "@/lib/http/route";
import { getProcess } from "@/lib/services/processes/get-process";
import { updateProcess } from "@/lib/services/processes/update-process";
import { updateProcessSchema } from "@/lib/validations/processes";

export const GET = route(async ({ caller, params }) => getProcess(caller, String(params.id)), { permission: "processes.read" });
export const PATCH = route(async ({ caller, params, body }) => updateProcess(caller, String(params.id), await body(updateProcessSchema)), { permission: "processes.write" });
