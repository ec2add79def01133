import { route } from "@/lib/http/route";
import { claimTask } from "@/lib/services/tasks/claim-task";
import * as op from "@/lib/tasks/contracts";

export const POST = route(op.claimTask, async ({ caller, params }) => claimTask(caller, String(params.id)));
