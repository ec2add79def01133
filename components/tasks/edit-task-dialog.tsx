"use client";

import { Dialog } from "@/components/ui/dialog";
import type { Task } from "@/lib/queries/tasks";
import { LazyTaskForm } from "./lazy-task-form";

/** The "Edit Task" modal (spec §2). */
export function EditTaskDialog({ task, open, onClose }: { task: Task; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit Task" size="lg">
      {open && <LazyTaskForm key={task.updatedAt} task={task} onCancel={onClose} onSaved={onClose} />}
    </Dialog>
  );
}
