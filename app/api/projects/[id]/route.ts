import { route } from "@/lib/http/route";
import * as op from "@/lib/projects/contracts";
import { deleteProject } from "@/lib/services/projects/delete-project";
import { getProject } from "@/lib/services/projects/get-project";
import { updateProject } from "@/lib/services/projects/update-project";

export const GET = route(op.getProject, async ({ caller, params }) => getProject(caller, String(params.id)));
export const PATCH = route(op.updateProject, async ({ caller, params, body }) => updateProject(caller, String(params.id), body));
export const DELETE = route(op.deleteProject, async ({ caller, params }) => deleteProject(caller, String(params.id)));
