import { json, route } from "@/lib/http/route";
import * as op from "@/lib/push/contracts";
import { subscribePush } from "@/lib/services/push/subscriptions";

export const POST = route(op.subscribePush, async ({ caller, body }) => json(await subscribePush(caller, body), 201));
