import { route } from "@/lib/http/route";
import * as op from "@/lib/push/contracts";
import { unsubscribePush } from "@/lib/services/push/subscriptions";

export const POST = route(op.unsubscribePush, async ({ caller, body }) => unsubscribePush(caller, body));
