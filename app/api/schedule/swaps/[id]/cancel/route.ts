import { route } from "@/lib/http/route";
import { cancelSwap } from "@/lib/services/schedule/swaps";
import * as op from "@/lib/swaps/contracts";

export const POST = route(op.cancelSwap, async ({ caller, params }) => cancelSwap(caller, String(params.id)));
