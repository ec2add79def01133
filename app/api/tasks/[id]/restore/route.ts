import { route } from "@/lib/http/route";
import { restoreTask } from "@/lib/services/tasks/restore-task";
import * as op from "@/lib/tasks/contracts";

export const POST = route(op.restoreTask, async ({ caller, params }) => restoreTask(caller, String(params.id)));
