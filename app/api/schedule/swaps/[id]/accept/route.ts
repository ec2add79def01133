import { route } from "@/lib/http/route";
import { acceptSwap } from "@/lib/services/schedule/swaps";
import * as op from "@/lib/swaps/contracts";

export const POST = route(op.acceptSwap, async ({ caller, params, body }) => acceptSwap(caller, String(params.id), body));
