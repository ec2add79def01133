"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { TaskForm } from "./task-form";

/**
 * The "Create New Task" modal (spec §2), opened from the floating button and list actions.
 * A new form (and a new idempotency uuid) is mounted each time the dialog opens.
 */
export function CreateTaskDialog({ open, onClose, parentTaskId }: { open: boolean; onClose: () => void; parentTaskId?: string }) {
  const [generation, setGeneration] = useState(0);
  const close = () => {
    onClose();
    setGeneration((g) => g + 1);
  };
  return (
    <Dialog open={open} onClose={close} title="Create New Task" size="lg">
      {open && (
        <TaskForm
          key={generation}
          parentTaskId={parentTaskId}
          onCancel={close}
          onSaved={close}
        />
      )}
    </Dialog>
  );
}
