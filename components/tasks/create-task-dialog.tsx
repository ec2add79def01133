"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { TaskFormDefaults } from "@/lib/tasks/task-form";
import { LazyTaskForm } from "./lazy-task-form";

/**
 * The "Create New Task" modal (spec §2), opened from the floating button and list actions.
 * A new form (and a new idempotency uuid) is mounted each time the dialog opens.
 */
export function CreateTaskDialog({
  open,
  onClose,
  parentTaskId,
  defaults,
}: {
  open: boolean;
  onClose: () => void;
  parentTaskId?: string;
  defaults?: TaskFormDefaults;
}) {
  const [generation, setGeneration] = useState(0);
  const close = () => {
    onClose();
    setGeneration((g) => g + 1);
  };
  return (
    <Dialog open={open} onClose={close} title="Create New Task" size="lg">
      {open && (
        <LazyTaskForm
          key={generation}
          parentTaskId={parentTaskId}
          defaults={defaults}
          onCancel={close}
          onSaved={close}
        />
      )}
    </Dialog>
  );
}
