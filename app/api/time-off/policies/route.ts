import { route } from "@/lib/http/route";
import { getPolicies } from "@/lib/services/time-off/policies";
import * as op from "@/lib/time-off/contracts";

export const GET = route(op.getTimeOffPolicies, async () => getPolicies());
