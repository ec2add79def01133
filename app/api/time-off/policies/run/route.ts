import { route } from "@/lib/http/route";
import { runTimeOffPolicies } from "@/lib/services/time-off/policies";
import * as op from "@/lib/time-off/contracts";

export const POST = route(op.runTimeOffPolicies, async () => runTimeOffPolicies());
