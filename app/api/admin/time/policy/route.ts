import { route } from "@/lib/http/route";
import { getTimePolicy, updateTimePolicy } from "@/lib/services/time/policy";
import * as op from "@/lib/time/contracts";

export const GET = route(op.getTimePolicy, async () => getTimePolicy());

/** Saves the whole time policy (audited). */
export const PUT = route(op.updateTimePolicy, async ({ caller, body }) => updateTimePolicy(caller, body));
