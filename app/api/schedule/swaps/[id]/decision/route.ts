import { route } from "@/lib/http/route";
import { decideSwap } from "@/lib/services/schedule/swaps";
import * as op from "@/lib/swaps/contracts";

export const POST = route(op.decideSwap, async ({ caller, params, body }) => decideSwap(caller, String(params.id), body));
