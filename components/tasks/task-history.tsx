"use client";

import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/tasks/task-dates";
import { useTaskHistory, type HistoryEntry } from "@/lib/queries/tasks";

const ACTIONS: Record<string, string> = {
  "task.create": "created the task",
  "task.update": "changed",
  "task.delete": "deleted the task",
  "task.restore": "restored the task",
  "task.claim": "claimed the task",
  "task.complete": "completed the task",
  "task.reopen": "reopened the task",
  "task.checklist": "updated the checklist",
};

const FIELD_LABELS: Record<string, string> = {
  organizationalUnitId: "department",
  estimatedMinutes: "estimate",
  assigneeId: "assignee",
  vendorId: "vendor",
  projectId: "project",
  parentTaskId: "parent",
  dueDate: "due date",
  startDate: "start date",
  isPrivate: "privacy",
  availableForPickup: "pickup",
  hasChecklist: "checklist option",
};

function describe(entry: HistoryEntry): string {
  const verb = ACTIONS[entry.action] ?? entry.action;
  if (entry.action === "task.update" && entry.after) {
    const fields = Object.keys(entry.after).map((k) => FIELD_LABELS[k] ?? k.replace(/([A-Z])/g, " $1").toLowerCase());
    return `${verb} ${fields.join(", ")}`;
  }
  if (entry.action === "task.checklist" && entry.after) {
    const after = entry.after as { title?: string; isCompleted?: boolean };
    return `${after.isCompleted ? "ticked" : "unticked"} “${after.title}”`;
  }
  return verb;
}

/** The task's audit rows, newest first. */
export function TaskHistory({ taskId }: { taskId: string }) {
  const history = useTaskHistory(taskId);
  if (!history.data) return history.isError ? <p className="text-sm text-slate-500">History is unavailable.</p> : <Spinner />;
  if (history.data.items.length === 0) return <p className="text-sm text-slate-500">No history yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label="Task history">
      {history.data.items.map((entry) => (
        <li key={entry.id} className="flex flex-wrap gap-x-2">
          <span className="font-medium text-slate-900">{entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : "System"}</span>
          <span className="text-slate-700">{describe(entry)}</span>
          <span className="text-slate-500">· {formatDateTime(entry.createdAt)}</span>
        </li>
      ))}
    </ol>
  );
}
