import { getClientInfo } from "@/lib/auth/client-info";
import { json, route } from "@/lib/http/route";
import { punchIn } from "@/lib/services/punch/punch-in";
import { punchInSchema } from "@/lib/validations/punch";

export const POST = route(async ({ caller, req, body }) => json(await punchIn(caller, await body(punchInSchema), getClientInfo(req)), 201), { permission: "punch.use" });
