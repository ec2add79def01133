import { json, route } from "@/lib/http/route";
import { createProject } from "@/lib/services/projects/create-project";
import { listProjectOptions } from "@/lib/services/projects/list-project-options";
import { listProjects } from "@/lib/services/projects/list-projects";
import { createProjectSchema, listProjectsQuerySchema } from "@/lib/validations/projects";

/** `[{ id, name }]` for pickers (spec §7); `?view=summary` a page of project cards with progress. */
export const GET = route(async ({ caller, query }) => {
  const parsed = query(listProjectsQuerySchema);
  return parsed.view === "summary" ? listProjects(caller, parsed) : listProjectOptions(caller);
}, { permission: "projects.read" });

export const POST = route(async ({ caller, body }) => json(await createProject(caller, await body(createProjectSchema)), 201), { permission: "projects.write" });
