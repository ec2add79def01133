import { route } from "@/lib/http/route";
import * as op from "@/lib/pay/contracts";
import { getScheduleCost } from "@/lib/services/pay/get-schedule-cost";

/** A week's scheduled cost beside its worked cost (`pay.read`). */
export const GET = route(op.getScheduleCost, async ({ query }) => getScheduleCost(query.week));
