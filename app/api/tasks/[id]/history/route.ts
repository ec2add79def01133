import { route } from "@/lib/http/route";
import { listTaskHistory } from "@/lib/services/tasks/list-task-history";
import * as op from "@/lib/tasks/contracts";

export const GET = route(op.listTaskHistory, async ({ caller, params }) => listTaskHistory(caller, String(params.id)));
