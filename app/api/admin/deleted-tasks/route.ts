import { route } from "@/lib/http/route";
import { listDeletedTasks } from "@/lib/services/tasks/list-deleted-tasks";
import * as op from "@/lib/tasks/contracts";

export const GET = route(op.listDeletedTasks, async ({ query }) => listDeletedTasks(query));
