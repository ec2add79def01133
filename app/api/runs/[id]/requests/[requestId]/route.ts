import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { removeRunRequest } from "@/lib/services/runs/remove-run-request";

export const DELETE = route(op.removeRunRequest, async ({ caller, params }) => removeRunRequest(caller, String(params.id), String(params.requestId)));
