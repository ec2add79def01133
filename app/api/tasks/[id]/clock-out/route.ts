import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { clockOutOfTask } from "@/lib/services/punch/clock-out-of-task";
import { taskClockSchema } from "@/lib/validations/punch";

export const POST = route(async ({ caller, req, params, body }) =>
  clockOutOfTask(caller, String(params.id), await body(taskClockSchema), getClientInfo(req)),
  { permission: "punch.use" },
);
