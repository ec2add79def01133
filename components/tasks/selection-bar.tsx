"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useSetTaskCompletion, type Task } from "@/lib/queries/tasks";

/**
 * What `x` feeds: the selected tasks and the one action that exists for several tasks at once,
 * completing them. A task with open work (unticked checklist items, sub-tasks) or one the member
 * may not edit is left alone and named: the row's own tick asks about open work, one task at a time.
 */
export function SelectionBar({ tasks, onClear }: { tasks: Task[]; onClear: () => void }) {
  const completion = useSetTaskCompletion();
  const [busy, setBusy] = useState(false);
  const completable = tasks.filter((t) => t.permissions.canEdit && t.status !== "completed" && t.subTaskCount === 0 && t.checklist.every((c) => c.isCompleted));
  const skipped = tasks.filter((t) => !completable.includes(t));
  const completeAll = async () => {
    setBusy(true);
    const failed: Task[] = [];
    for (const task of completable) {
      try {
        await completion.mutateAsync({ id: task.id, completed: true });
      } catch {
        failed.push(task);
      }
    }
    setBusy(false);
    const done = completable.length - failed.length;
    const left = [...skipped, ...failed].map((t) => `#${t.displayNumber}`).join(", ");
    toast({
      title: `${done} task${done === 1 ? "" : "s"} completed`,
      description: left ? `Not completed: ${left} (open work, already completed, or not yours to edit).` : undefined,
      variant: failed.length ? "destructive" : "default",
    });
    onClear();
  };
  return (
    <div role="region" aria-label="Selected tasks" className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm">
      <span aria-live="polite" className="font-medium text-indigo-900">
        {tasks.length} selected
      </span>
      <Button size="sm" disabled={completable.length === 0} isLoading={busy} onClick={() => void completeAll()}>
        {completable.length === tasks.length ? "Complete selected" : `Complete ${completable.length} of ${tasks.length}`}
      </Button>
      <Button size="sm" variant="secondary" onClick={onClear}>
        Clear selection
      </Button>
      {skipped.length > 0 ? <span className="text-xs text-slate-600">Tasks with open work, finished or not yours complete from their own row.</span> : null}
    </div>
  );
}
