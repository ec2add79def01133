import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { clockIntoTask } from "@/lib/services/punch/clock-into-task";
import * as op from "@/lib/tasks/contracts";

export const POST = route(op.clockIntoTask, async ({ caller, req, params, body }) => clockIntoTask(caller, String(params.id), body, getClientInfo(req)));
