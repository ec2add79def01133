import { route } from "@/lib/http/route";
import * as op from "@/lib/projects/contracts";
import { listProjectActivity } from "@/lib/services/projects/list-project-activity";

export const GET = route(op.listProjectActivity, async ({ caller, params }) => listProjectActivity(caller, String(params.id)));
