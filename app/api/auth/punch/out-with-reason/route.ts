import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { punchOut } from "@/lib/services/punch/punch-out";
import { punchOutSchema } from "@/lib/validations/punch";

/** 409 { message, activeTask } while clocked into a task; forceClockOut: true closes both. */
export const POST = route(async ({ caller, req, body }) => punchOut(caller, await body(punchOutSchema), getClientInfo(req)), { permission: "punch.use" });
