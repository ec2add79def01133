import { route } from "@/lib/http/route";
import { listTaskHistory } from "@/lib/services/tasks/list-task-history";

export const GET = route(async ({ caller, params }) => listTaskHistory(caller, String(params.id)), { permission: "tasks.read" });
