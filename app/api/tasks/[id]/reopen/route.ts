import { route } from "@/lib/http/route";
import { setTaskCompletion } from "@/lib/services/tasks/set-task-completion";

export const POST = route(async ({ caller, params }) => setTaskCompletion(caller, String(params.id), false), { permission: "tasks.write" });
