import { route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { claimShift } from "@/lib/services/schedule/claim-shift";

export const POST = route(op.claimShift, async ({ caller, params, body }) => claimShift(caller, String(params.id), body));
