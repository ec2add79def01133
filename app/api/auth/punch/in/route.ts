import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { punchIn } from "@/lib/services/punch/punch-in";

export const POST = route(op.punchIn, async ({ caller, req, body }) => punchIn(caller, body, getClientInfo(req)));
