import { route } from "@/lib/http/route";
import { addTaskDependency, listTaskDependencies } from "@/lib/services/tasks/task-dependencies";
import { addDependencySchema } from "@/lib/validations/tasks";

export const GET = route(async ({ caller, params }) => listTaskDependencies(caller, String(params.id)), { permission: "tasks.read" });
export const POST = route(async ({ caller, params, body }) => {
  const { dependsOnTaskId } = await body(addDependencySchema);
  return addTaskDependency(caller, String(params.id), dependsOnTaskId);
}, { permission: "tasks.write" });
