import { getClientInfo } from "@/lib/auth/client-info";
import { json, route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { replayOfflinePunch } from "@/lib/services/punch/offline-punch";
import { punchIn } from "@/lib/services/punch/punch-in";

/** With clientUuid + deviceTime: a punch made offline, replayed (201 recorded, 202 correction request). */
export const POST = route(op.punchIn, async ({ caller, req, body }) => {
  if (!body.clientUuid) return punchIn(caller, body, getClientInfo(req));
  const answer = await replayOfflinePunch(caller, { kind: "punch-in", input: body }, getClientInfo(req));
  return json(answer.body, answer.status);
});
