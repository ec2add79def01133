import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { clockOutOfTask } from "@/lib/services/punch/clock-out-of-task";
import * as op from "@/lib/tasks/contracts";

export const POST = route(op.clockOutOfTask, async ({ caller, req, params, body }) => clockOutOfTask(caller, String(params.id), body, getClientInfo(req)));
