import { route } from "@/lib/http/route";
import { deleteTask } from "@/lib/services/tasks/delete-task";
import { getTask } from "@/lib/services/tasks/get-task";
import { updateTask } from "@/lib/services/tasks/update-task";
import * as op from "@/lib/tasks/contracts";

export const GET = route(op.getTask, async ({ caller, params }) => getTask(caller, String(params.id)));

export const PATCH = route(op.updateTask, async ({ caller, params, body }) => updateTask(caller, String(params.id), body));

export const DELETE = route(op.deleteTask, async ({ caller, params }) => deleteTask(caller, String(params.id)));
