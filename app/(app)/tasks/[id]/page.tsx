import { TaskDetail } from "@/components/tasks/task-detail";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { AppError } from "@/lib/http/app-error";
import { asInitialData } from "@/lib/queries/initial-data";
import { getTask } from "@/lib/services/tasks/get-task";

export const metadata = { title: "Task · BFS Tasks" };

/**
 * The task is read here with the API's own service and handed to React Query;
 * a task the caller may not see is left to the client, which shows the API's 404 as before.
 */
export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await getSessionCaller();
  const task = caller ? await getTask(caller, id).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error))) : null;
  return <TaskDetail id={id} initial={task ? asInitialData(task) : undefined} />;
}
