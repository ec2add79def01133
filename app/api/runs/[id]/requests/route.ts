import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { addRunRequests } from "@/lib/services/runs/add-run-requests";

export const POST = route(op.addRunRequests, async ({ caller, params, body }) => addRunRequests(caller, String(params.id), body));
