import { NewTaskPage } from "@/components/tasks/new-task-page";

export const metadata = { title: "New Task · BFS Tasks" };

/** The task form as a full page; ?parentTaskId= creates a sub-task. */
export default async function NewTask({ searchParams }: { searchParams: Promise<{ parentTaskId?: string | string[] }> }) {
  const { parentTaskId } = await searchParams;
  return <NewTaskPage parentTaskId={typeof parentTaskId === "string" ? parentTaskId : undefined} />;
}
