import { route } from "@/lib/http/route";
import { removeTaskDependency } from "@/lib/services/tasks/remove-task-dependency";
import * as op from "@/lib/tasks/contracts";

export const DELETE = route(op.removeTaskDependency, async ({ caller, params }) => removeTaskDependency(caller, String(params.id), String(params.dependsOnId)));
