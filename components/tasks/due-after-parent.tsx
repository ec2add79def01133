import { cn } from "@/components/ui/cn";
import { formatDue } from "@/lib/dates";
import type { Task } from "@/lib/queries/tasks";
import { splitInstant } from "@/lib/dates/day-time";

/**
 * The note under a new sub-task's due day when it is after its parent's: allowed (the parent
 * may move), but said. Quick add and the task form show the same note.
 */
export function DueAfterParent({ parent, day, className, testId }: { parent?: Task; day: string; className?: string; testId: string }) {
  if (!parent?.dueDate || !day || day <= splitInstant(parent.dueDate, "due").day) return null;
  return (
    <p className={cn("rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900", className)} role="status" data-testid={testId}>
      This sub-task is due after its parent task ({formatDue(parent.dueDate)}).
    </p>
  );
}
