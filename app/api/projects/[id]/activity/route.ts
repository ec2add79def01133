import { route } from "@/lib/http/route";
import { listProjectActivity } from "@/lib/services/projects/list-project-activity";

export const GET = route(async ({ caller, params }) => listProjectActivity(caller, String(params.id)), { permission: "projects.read" });
