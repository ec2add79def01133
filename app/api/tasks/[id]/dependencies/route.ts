import { route } from "@/lib/http/route";
import { addTaskDependency } from "@/lib/services/tasks/add-task-dependency";
import { listTaskDependencies } from "@/lib/services/tasks/list-task-dependencies";
import * as op from "@/lib/tasks/contracts";

export const GET = route(op.listTaskDependencies, async ({ caller, params }) => listTaskDependencies(caller, String(params.id)));

export const POST = route(op.addTaskDependency, async ({ caller, params, body }) => addTaskDependency(caller, String(params.id), body.dependsOnTaskId));
