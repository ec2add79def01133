import { route } from "@/lib/http/route";
import * as op from "@/lib/push/contracts";
import { pushPublicKey } from "@/lib/services/push/subscriptions";

export const GET = route(op.getPushPublicKey, async () => pushPublicKey());
