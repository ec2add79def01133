import { json, route } from "@/lib/http/route";
import { createTask } from "@/lib/services/tasks/create-task";
import { listTasks } from "@/lib/services/tasks/list-tasks";
import * as op from "@/lib/tasks/contracts";

export const GET = route(op.listTasks, async ({ caller, query }) => listTasks(caller, query));

/** 201 with the new task; 200 with the first task when the uuid was seen before (idempotent). */
export const POST = route(op.createTask, async ({ caller, body }) => {
  const { task, created } = await createTask(caller, body);
  return json(task, created ? 201 : 200);
});
