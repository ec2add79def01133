import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { punchOut } from "@/lib/services/punch/punch-out";

/** 409 { message, activeTask } while clocked into a task; forceClockOut: true closes both. */
export const POST = route(op.punchOut, async ({ caller, req, body }) => punchOut(caller, body, getClientInfo(req)));
