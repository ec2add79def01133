import { AvailableTasks } from "@/components/tasks/available-tasks";

export const metadata = { title: "Available Tasks · BFS Tasks" };

export default function AvailableTasksPage() {
  return <AvailableTasks />;
}
