import { getClientInfo } from "@/lib/auth/client-info";
import { json, route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { punchOut } from "@/lib/services/punch/punch-out";

/**
 * 409 { message, activeTask } while clocked into a task; forceClockOut: true closes both.
 * With clientUuid + deviceTime: a punch-out made offline, replayed (200 recorded, 202 correction request).
 */
export const POST = route(op.punchOut, async ({ caller, req, body }) => {
  const answer = await punchOut(caller, body, getClientInfo(req));
  return json(answer.body, answer.status);
});
