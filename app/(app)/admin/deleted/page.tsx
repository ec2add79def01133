import { requirePagePermission } from "@/lib/auth/page-guards";
import { DeletedTasks } from "@/components/tasks/deleted-tasks";

export const metadata = { title: "Deleted Tasks · BFS Tasks" };

export default async function DeletedTasksPage() {
  await requirePagePermission("admin.area");
  return <DeletedTasks />;
}
