import { route } from "@/lib/http/route";
import { restoreProject } from "@/lib/services/projects/delete-project";

export const POST = route(async ({ caller, params }) => restoreProject(caller, String(params.id)), { permission: "projects.delete" });
