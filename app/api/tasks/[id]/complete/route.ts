import { route } from "@/lib/http/route";
import { setTaskCompletion } from "@/lib/services/tasks/set-task-completion";
import * as op from "@/lib/tasks/contracts";

export const POST = route(op.completeTask, async ({ caller, params }) => setTaskCompletion(caller, String(params.id), true));
