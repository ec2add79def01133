import { route } from "@/lib/http/route";
import { setPolicy } from "@/lib/services/time-off/policies";
import * as op from "@/lib/time-off/contracts";

export const PUT = route(op.setTimeOffPolicy, async ({ caller, params, body }) => setPolicy(caller, String(params.id), body));
