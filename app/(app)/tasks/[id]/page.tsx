import { redirect } from "next/navigation";
import { TaskDetail } from "@/components/tasks/task-detail";
import { readOrNotFound, requireSignedInPage } from "@/lib/auth/page-guards";
import { asInitialData } from "@/lib/queries/initial-data";
import { findTaskIdByNumber } from "@/lib/services/tasks/find-task-by-number";
import { getTask } from "@/lib/services/tasks/get-task";
import { parseTaskNumber } from "@/lib/tasks/numbers";

export const metadata = { title: "Task · BFS Tasks" };

/**
 * /tasks/{id}, and /tasks/32 (the number people say) redirecting to it. The task is read here
 * with the API's own service and handed to React Query; a task the caller may not see, by id or
 * by number, is the 404 page, like a missing one.
 */
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await requireSignedInPage();
  const number = parseTaskNumber(id);
  if (number !== null) redirect(`/tasks/${await readOrNotFound(findTaskIdByNumber(caller, number))}`);
  const task = await readOrNotFound(getTask(caller, id));
  return <TaskDetail id={id} initial={asInitialData(task)} />;
}
