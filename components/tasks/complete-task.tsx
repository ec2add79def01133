"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { toast, toastError } from "@/components/ui/use-toast";
import { timerStoppedToast } from "@/lib/punch/messages";
import { ApiError, apiRequest } from "@/lib/api-client";
import { CHECKLIST_REQUIRED_MESSAGE, openWorkOf, openWorkQuestion, type OpenWork } from "@/lib/tasks/completion";
import { TASKS_PATH, useSetTaskCompletion, type Task } from "@/lib/queries/tasks";

type Prompt = { kind: "confirm" | "required"; open: OpenWork } | null;

/**
 * Mark Complete that respects the procedure: with unticked checklist items or open sub-tasks it
 * asks first ("1 checklist item and 2 sub-tasks are still open. Complete anyway?", listing them);
 * with a required checklist not all ticked it refuses, as the server does (409).
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
          setPrompt({ kind: "required", open: { items: error.openItems as OpenWork["items"], subTasks: prompt?.open.subTasks ?? [] } });
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
    if (task.checklistRequired && open.items.length > 0) return setPrompt({ kind: "required", open });
    if (openWorkQuestion(open)) return setPrompt({ kind: "confirm", open });
    send(true);
  };

  const dialog = (
    <Dialog
      open={prompt !== null}
      onClose={() => setPrompt(null)}
      title={prompt?.kind === "required" ? CHECKLIST_REQUIRED_MESSAGE : "Complete this task?"}
      description={
        prompt?.kind === "required"
          ? "This task's checklist is required: tick every item before completing it."
          : prompt
            ? openWorkQuestion(prompt.open)
            : undefined
      }
      footer={
        prompt?.kind === "required" ? (
          <Button variant="secondary" onClick={() => setPrompt(null)}>
            OK
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setPrompt(null)}>
              Cancel
            </Button>
            <Button isLoading={completion.isPending} onClick={() => send(true)}>
              Complete anyway
            </Button>
          </>
        )
      }
    >
      {prompt && <OpenWorkList open={prompt.kind === "required" ? { items: prompt.open.items, subTasks: [] } : prompt.open} />}
    </Dialog>
  );

  return { toggle, pending: completion.isPending || checking, dialog, done };
}

function OpenWorkList({ open }: { open: OpenWork }) {
  return (
    <div className="space-y-3 text-sm text-slate-800" data-testid="open-work">
      {open.items.length > 0 && (
        <Group title="Checklist">
          {open.items.map((item) => (
            <li key={item.id}>☐ {item.title}</li>
          ))}
        </Group>
      )}
      {open.subTasks.length > 0 && (
        <Group title="Sub-tasks">
          {open.subTasks.map((sub) => (
            <li key={sub.id}>
              <Link href={`/tasks/${sub.id}`} className="text-indigo-600 hover:underline">
                #{sub.displayNumber} {sub.title}
              </Link>
            </li>
          ))}
        </Group>
      )}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="font-medium text-slate-700">{title}</p>
      <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto break-words">{children}</ul>
    </div>
  );
}
