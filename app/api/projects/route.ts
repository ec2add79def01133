import { route } from "@/lib/http/route";
import * as op from "@/lib/projects/contracts";
import { createProject } from "@/lib/services/projects/create-project";
import { listProjectOptions } from "@/lib/services/projects/list-project-options";
import { listProjects } from "@/lib/services/projects/list-projects";

/** `[{ id, name }]` for pickers (spec §7); `?view=summary` a page of project cards with progress. */
export const GET = route(op.listProjects, async ({ caller, query }) => (query.view === "summary" ? listProjects(caller, query) : listProjectOptions(caller)));

export const POST = route(op.createProject, async ({ caller, body }) => createProject(caller, body));
