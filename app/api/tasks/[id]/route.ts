import { route } from "@/lib/http/route";
import { deleteTask } from "@/lib/services/tasks/delete-task";
import { getTask } from "@/lib/services/tasks/get-task";
import { updateTask } from "@/lib/services/tasks/update-task";
import { updateTaskSchema } from "@/lib/validations/tasks";

export const GET = route(async ({ caller, params }) => getTask(caller, String(params.id)), { permission: "tasks.read" });

export const PATCH = route(async ({ caller, params, body }) => updateTask(caller, String(params.id), await body(updateTaskSchema)), { permission: "tasks.write" });

/** Soft delete (the task and its sub-tasks); admins restore from /admin/deleted. */
export const DELETE = route(async ({ caller, params }) => deleteTask(caller, String(params.id)), { permission: "tasks.write" });
