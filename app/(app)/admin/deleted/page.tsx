import { requireAdminPage } from "@/components/shell/require-admin";
import { DeletedTasks } from "@/components/tasks/deleted-tasks";

export const metadata = { title: "Deleted Tasks · BFS Tasks" };

export default async function DeletedTasksPage() {
  await requireAdminPage();
  return <DeletedTasks />;
}
