import { route } from "@/lib/http/route";
import { listOccurrences } from "@/lib/services/recurrence/list-occurrences";
import { listTasksQuerySchema } from "@/lib/validations/tasks";

export const GET = route(async ({ caller, params, query }) => listOccurrences(caller, String(params.id), query(listTasksQuerySchema)), { permission: "tasks.read" });
