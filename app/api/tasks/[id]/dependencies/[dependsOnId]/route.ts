import { route } from "@/lib/http/route";
import { removeTaskDependency } from "@/lib/services/tasks/task-dependencies";

export const DELETE = route(async ({ caller, params }) => removeTaskDependency(caller, String(params.id), String(params.dependsOnId)), { permission: "tasks.write" });
