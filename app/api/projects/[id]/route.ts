import { route } from "@/lib/http/route";
import { deleteProject } from "@/lib/services/projects/delete-project";
import { getProject } from "@/lib/services/projects/get-project";
import { updateProject } from "@/lib/services/projects/update-project";
import { updateProjectSchema } from "@/lib/validations/projects";

const idOf = (params: Record<string, unknown>) => String(params.id);

export const GET = route(async ({ caller, params }) => getProject(caller, idOf(params)), { permission: "projects.read" });
export const PATCH = route(async ({ caller, params, body }) => updateProject(caller, idOf(params), await body(updateProjectSchema)), { permission: "projects.write" });
export const DELETE = route(async ({ caller, params }) => deleteProject(caller, idOf(params)), { permission: "projects.delete" });
