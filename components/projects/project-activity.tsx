"use client";

import { AuditTimeline } from "@/components/ui/audit-timeline";
import { useProjectActivity } from "@/lib/queries/projects";
import type { HistoryEntry } from "@/lib/queries/tasks";

const ACTIONS: Record<string, string> = {
  "project.create": "created the project",
  "project.update": "changed",
  "project.archive": "archived the project",
  "project.unarchive": "brought the project back from the archive",
  "project.delete": "deleted the project",
  "project.restore": "restored the project",
  "project.process_started": "started a process here",
};

const FIELDS: Record<string, string> = { organizationalUnitId: "department", ownerId: "owner", memberIds: "members", dueDate: "target date", startDate: "start date", color: "colour" };

function describe(entry: HistoryEntry): string {
  const verb = ACTIONS[entry.action] ?? entry.action;
  if (entry.action === "project.update" && entry.after) {
    const after = entry.after as Record<string, unknown>;
    const parts = Object.keys(after).map((k) => (k === "status" ? `status to ${String(after.status).replace("_", " ")}` : (FIELDS[k] ?? k)));
    const meta = entry.metadata as { openTasks?: string; taskCount?: number } | null;
    const tasks = meta?.taskCount ? ` (${meta.openTasks === "complete" ? "completed" : "cancelled"} ${meta.taskCount} open tasks)` : "";
    return `${verb} ${parts.join(", ")}${tasks}`;
  }
  if (entry.action === "project.process_started" && entry.after) {
    const after = entry.after as { process?: string; name?: string; taskCount?: number };
    return `started “${after.process}” as “${after.name}” (${after.taskCount} tasks)`;
  }
  return verb;
}

/** The project's audit rows, newest first. */
export function ProjectActivity({ projectId }: { projectId: string }) {
  return <AuditTimeline query={useProjectActivity(projectId)} label="Project activity" noun="Activity" describe={describe} />;
}
