import { route } from "@/lib/http/route";
import { restoreTask } from "@/lib/services/tasks/restore-task";

export const POST = route(async ({ caller, params }) => restoreTask(caller, String(params.id)), { permission: "tasks.restore" });
