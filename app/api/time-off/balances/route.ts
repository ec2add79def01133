import { route } from "@/lib/http/route";
import { getMyLedger } from "@/lib/services/time-off/policies";
import * as op from "@/lib/time-off/contracts";

export const GET = route(op.getMyTimeOffBalances, async ({ caller, query }) => getMyLedger(caller, query));
