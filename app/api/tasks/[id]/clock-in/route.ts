import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { clockIntoTask } from "@/lib/services/punch/clock-into-task";
import { taskClockSchema } from "@/lib/validations/punch";

export const POST = route(async ({ caller, req, params, body }) =>
  clockIntoTask(caller, String(params.id), await body(taskClockSchema), getClientInfo(req)),
  { permission: "punch.use" },
);
