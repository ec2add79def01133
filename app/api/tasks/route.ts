import { json, route } from "@/lib/http/route";
import { createTask } from "@/lib/services/tasks/create-task";
import { listTasks } from "@/lib/services/tasks/list-tasks";
import { createTaskSchema, listTasksQuerySchema } from "@/lib/validations/tasks";

export const GET = route(async ({ caller, query }) => listTasks(caller, query(listTasksQuerySchema)), { permission: "tasks.read" });

/** 201 with the new task; 200 with the first task when the uuid was seen before (idempotent). */
export const POST = route(async ({ caller, body }) => {
  const { task, created } = await createTask(caller, await body(createTaskSchema));
  return json(task, created ? 201 : 200);
}, { permission: "tasks.write" });
