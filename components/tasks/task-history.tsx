"use client";

import { AuditTimeline } from "@/components/ui/audit-timeline";
import { useTaskHistory } from "@/lib/queries/task-page";
import type { HistoryEntry } from "@/lib/queries/tasks";
import { describeDuration } from "@/lib/tasks/time-input";

const ACTIONS: Record<string, string> = {
  "task.create": "created the task",
  "task.update": "changed",
  "task.delete": "deleted the task",
  "task.restore": "restored the task",
  "task.claim": "claimed the task",
  "task.complete": "completed the task",
  "task.reopen": "reopened the task",
  "task.checklist": "updated the checklist",
  "task.clock_in": "clocked in",
  "task.clock_out": "clocked out",
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

export function describeHistory(entry: HistoryEntry): string {
  const verb = ACTIONS[entry.action] ?? entry.action;
  if (entry.action === "task.update" && entry.after) {
    const fields = Object.keys(entry.after).map((k) => FIELD_LABELS[k] ?? k.replace(/([A-Z])/g, " $1").toLowerCase());
    return `${verb} ${fields.join(", ")}`;
  }
  if (entry.action === "task.checklist" && entry.after) {
    const after = entry.after as { title?: string; isCompleted?: boolean };
    return `${after.isCompleted ? "ticked" : "unticked"} “${after.title}”`;
  }
  if (entry.action === "task.clock_out" && entry.metadata) {
    const meta = entry.metadata as { minutes?: number; endedByForce?: boolean };
    const spent = typeof meta.minutes === "number" ? ` after ${describeDuration(meta.minutes)}` : "";
    return `${verb}${spent}${meta.endedByForce ? " (closed for them)" : ""}`;
  }
  return verb;
}

/** The task's audit rows, newest first. */
export function TaskHistory({ taskId }: { taskId: string }) {
  return <AuditTimeline query={useTaskHistory(taskId)} label="Task history" noun="History" describe={describeHistory} />;
}
