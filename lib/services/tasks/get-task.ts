import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { isUuid } from "@/lib/validations/tasks";
import { loadViewer } from "./task-access";
import { toTaskDto, type TaskDto } from "./task-shape";
import { loadDetailRow } from "./task-rows";

export const TASK_NOT_FOUND = "Task not found";

/** One task the caller may see (spec §3 "Task as read"); someone else's private task is a 404. */
export async function getTask(caller: Caller, id: string, client: Db = db): Promise<TaskDto> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [viewer, row] = await Promise.all([
    loadViewer(client, caller),
    loadDetailRow(client, caller, id),
  ]);
  if (!row) throw notFound(TASK_NOT_FOUND);
  return toTaskDto(row, viewer);
}
