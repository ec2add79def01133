import { route } from "@/lib/http/route";
import { listDeletedTasks } from "@/lib/services/tasks/list-deleted-tasks";
import { deletedTasksQuerySchema } from "@/lib/validations/tasks";

export const GET = route(async ({ query }) => listDeletedTasks(query(deletedTasksQuerySchema)), { permission: "tasks.deleted.read" });
