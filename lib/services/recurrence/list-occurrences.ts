import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { listTasks, type TaskPage } from "@/lib/services/tasks/list-tasks";
import type { ListTasksQuery } from "@/lib/validations/tasks";
import { loadSeriesOrThrow } from "./series-access";

/** The occurrences of a series the caller can see (404 for a series they cannot), with the task list's filters. */
export async function listOccurrences(caller: Caller, seriesId: string, query: ListTasksQuery): Promise<TaskPage> {
  await loadSeriesOrThrow(caller, seriesId);
  return listTasks(caller, { ...query, seriesId });
}
