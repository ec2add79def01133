import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { getRun } from "@/lib/services/runs/get-run";

export const GET = route(op.getRun, async ({ caller, params }) => getRun(caller, String(params.id)));
