import { json, route } from "@/lib/http/route";
import { listSwaps, offerSwap } from "@/lib/services/schedule/swaps";
import * as op from "@/lib/swaps/contracts";

export const GET = route(op.listSwaps, async ({ caller }) => listSwaps(caller));
export const POST = route(op.offerSwap, async ({ caller, body }) => json(await offerSwap(caller, body), 201));
