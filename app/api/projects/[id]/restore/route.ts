import { route } from "@/lib/http/route";
import * as op from "@/lib/projects/contracts";
import { restoreProject } from "@/lib/services/projects/delete-project";

export const POST = route(op.restoreProject, async ({ caller, params }) => restoreProject(caller, String(params.id)));
