"use client";

import { useState } from "react";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { toast, toastError } from "@/components/ui/use-toast";
import { timerStoppedToast } from "@/lib/punch/messages";
import { ApiError, apiRequest } from "@/lib/api-client";
import { hasOpenWork, openWorkOf, type OpenWork } from "@/lib/tasks/completion";
import type { Prompt } from "./completion-prompt";
import { TASKS_PATH, useSetTaskCompletion, type Task } from "@/lib/queries/tasks";

// The question (or the refusal) loads the first time a task with open work is ticked.
const LazyCompletionPrompt = lazyDialog(() => import("./completion-prompt").then((m) => m.CompletionPrompt));

/**
 * Mark Complete that respects the procedure: with unticked checklist items or open sub-tasks it
 * asks first ("1 checklist item and 2 sub-tasks are still open. Complete anyway?", listing them);
 * with a required checklist not all ticked it refuses, as the server does (409), and offers the
 * open items as boxes to tick in place, then Mark Complete (./completion-prompt.tsx).
 * Reopening goes straight through.
 */
export function useCompleteTask(task: Task) {
  const completion = useSetTaskCompletion();
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [checking, setChecking] = useState(false);
  const done = task.status === "completed";

  // mutateAsync, not mutate's per-call callbacks: a completed row may leave the list (unmount)
  // before the answer, and the stopped-timer toast must still show.
  const send = (completed: boolean) =>
    completion.mutateAsync({ id: task.id, completed }).then(
      (result) => {
        setPrompt(null);
        if (result.clockedOutOfTask) toast(timerStoppedToast(result.clockedOutOfTask));
      },
      (error) => {
        // The server's word wins (another tab may have unticked an item meanwhile).
        if (error instanceof ApiError && error.status === 409 && Array.isArray(error.openItems)) {
          setPrompt({ kind: "required", taskId: task.id, open: { items: error.openItems as OpenWork["items"], subTasks: prompt?.open.subTasks ?? [] } });
        } else toastError(error);
      },
    );

  const toggle = async () => {
    if (done) return send(false);
    let source: Pick<Task, "checklist" | "subTasks"> = task;
    // A list row knows how many sub-tasks there are, not their states: read the task once.
    if (!task.subTasks && task.subTaskCount > 0) {
      setChecking(true);
      try {
        source = await apiRequest<Task>("GET", `${TASKS_PATH}/${task.id}`);
      } catch (error) {
        toastError(error);
        return;
      } finally {
        setChecking(false);
      }
    }
    const open = openWorkOf(source);
    if (task.checklistRequired && open.items.length > 0) return setPrompt({ kind: "required", taskId: task.id, open });
    if (hasOpenWork(open)) return setPrompt({ kind: "confirm", taskId: task.id, open });
    send(true);
  };

  const dialog = (
    <LazyCompletionPrompt open={prompt !== null} prompt={prompt} onClose={() => setPrompt(null)} onConfirm={() => void send(true)} pending={completion.isPending} />
  );

  return { toggle, pending: completion.isPending || checking, dialog, done };
}
