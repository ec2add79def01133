import { getClientInfo } from "@/lib/auth/client-info";
import { json, route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { punchIn } from "@/lib/services/punch/punch-in";

/** A punch now (201), or with clientUuid + deviceTime one made offline, replayed (201 recorded, 202 correction request). */
export const POST = route(op.punchIn, async ({ caller, req, body }) => {
  const answer = await punchIn(caller, body, getClientInfo(req));
  return json(answer.body, answer.status);
});
