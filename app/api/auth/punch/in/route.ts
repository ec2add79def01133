import { getClientInfo } from "@/lib/auth/client-info";
import { json, route } from "@/lib/http/route";
import { replayOfflinePunch } from "@/lib/services/punch/offline-punch";
import { punchIn } from "@/lib/services/punch/punch-in";
import { punchInSchema } from "@/lib/validations/punch";

/** With clientUuid + deviceTime: a punch made offline, replayed (201 recorded, 202 correction request). */
export const POST = route(
  async ({ caller, req, body }) => {
    const input = await body(punchInSchema);
    if (input.clientUuid) {
      const answer = await replayOfflinePunch(caller, { kind: "punch-in", input }, getClientInfo(req));
      return json(answer.body, answer.status);
    }
    return json(await punchIn(caller, input, getClientInfo(req)), 201);
  },
  { permission: "punch.use" },
);
