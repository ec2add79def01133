import { getClientInfo } from "@/lib/auth/client-info";
import { json, route } from "@/lib/http/route";
import { replayOfflinePunch } from "@/lib/services/punch/offline-punch";
import { punchOut } from "@/lib/services/punch/punch-out";
import { punchOutSchema } from "@/lib/validations/punch";

/**
 * 409 { message, activeTask } while clocked into a task; forceClockOut: true closes both.
 * With clientUuid + deviceTime: a punch-out made offline, replayed (200 recorded, 202 correction request).
 */
export const POST = route(
  async ({ caller, req, body }) => {
    const input = await body(punchOutSchema);
    if (input.clientUuid) {
      const answer = await replayOfflinePunch(caller, { kind: "punch-out", input }, getClientInfo(req));
      return json(answer.body, answer.status);
    }
    return punchOut(caller, input, getClientInfo(req));
  },
  { permission: "punch.use" },
);
