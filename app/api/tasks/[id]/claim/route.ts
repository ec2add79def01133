import { route } from "@/lib/http/route";
import { claimTask } from "@/lib/services/tasks/claim-task";

export const POST = route(async ({ caller, params }) => claimTask(caller, String(params.id)), { permission: "tasks.write" });
