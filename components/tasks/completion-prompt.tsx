"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { toastError } from "@/components/ui/use-toast";
import { useToggleChecklistItem } from "@/lib/queries/task-page";
import type { OpenWork } from "@/lib/tasks/completion";
import { CHECKLIST_REQUIRED_MESSAGE, openWorkQuestion } from "@/lib/tasks/completion-question";

/** What stops a tick: open work to confirm, or a required checklist that refuses (./complete-task.tsx). */
export type Prompt = { kind: "confirm" | "required"; taskId: string; open: OpenWork } | null;

/**
 * The question before completing a task with open work, or the refusal of a required checklist,
 * listing what is open. The open checklist items are boxes to tick right here (each tick is saved
 * at once, as on the task page), so finishing the list and completing the task is one place:
 * once nothing is open the dialog offers Mark Complete.
 */
export function CompletionPrompt({ open, prompt, onClose, onConfirm, pending }: { open: boolean; prompt: Prompt; onClose: () => void; onConfirm: () => void; pending: boolean }) {
  const toggle = useToggleChecklistItem(prompt?.taskId ?? "");
  // The boxes ticked here, for this prompt: a new question (or the server's list after a 409) starts afresh.
  const [tickedFor, setTickedFor] = useState<{ prompt: Prompt; ticked: Record<string, boolean> }>({ prompt, ticked: {} });
  if (prompt && tickedFor.prompt !== prompt) setTickedFor({ prompt, ticked: {} });
  const ticked = tickedFor.prompt === prompt ? tickedFor.ticked : {};
  const setTicked = (change: (t: Record<string, boolean>) => Record<string, boolean>) => setTickedFor((s) => ({ ...s, ticked: change(s.ticked) }));
  const [saving, setSaving] = useState(0);
  const required = prompt?.kind === "required";
  const items = prompt?.open.items ?? [];
  const subTasks = required ? [] : (prompt?.open.subTasks ?? []);
  const left: OpenWork = { items: items.filter((i) => !ticked[i.id]), subTasks };
  const nothingOpen = left.items.length + left.subTasks.length === 0;

  const onTick = (itemId: string, isCompleted: boolean) => {
    setTicked((t) => ({ ...t, [itemId]: isCompleted }));
    setSaving((n) => n + 1);
    // mutateAsync: a second tick before the first answer would drop mutate()'s callbacks for the first.
    toggle.mutateAsync({ itemId, isCompleted }).then(
      () => setSaving((n) => n - 1),
      (error) => {
        setSaving((n) => n - 1);
        setTicked((t) => ({ ...t, [itemId]: !isCompleted }));
        void toastError(error);
      },
    );
  };

  const title = required && !nothingOpen ? CHECKLIST_REQUIRED_MESSAGE : "Complete this task?";
  const description = nothingOpen
    ? "Everything is ticked."
    : required
      ? "This task's checklist is required: tick every item before completing it."
      : (openWorkQuestion(left) ?? undefined);
  // A required list completes only when every box is ticked, and never while a tick is still being saved.
  const canComplete = saving === 0 && (!required || nothingOpen);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button isLoading={pending} disabled={!canComplete} onClick={onConfirm}>
            {/* A required list has no "anyway": its button waits, disabled, for the last tick. */}
            {required || nothingOpen ? "Mark Complete" : "Complete anyway"}
          </Button>
        </>
      }
    >
      {prompt && (
        <div className="space-y-3 text-sm text-slate-800" data-testid="open-work">
          {items.length > 0 && (
            <Group title="Checklist">
              {items.map((item) => (
                <li key={item.id}>
                  {/* The whole row is the target: at least 44 px high on a phone. */}
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-5 shrink-0 rounded border-slate-300 text-indigo-600"
                      checked={Boolean(ticked[item.id])}
                      onChange={(e) => onTick(item.id, e.target.checked)}
                    />
                    <span className={ticked[item.id] ? "text-slate-500 line-through" : ""}>{item.title}</span>
                  </label>
                </li>
              ))}
            </Group>
          )}
          {subTasks.length > 0 && (
            <Group title="Sub-tasks">
              {subTasks.map((sub) => (
                <li key={sub.id}>
                  <Link href={`/tasks/${sub.id}`} className="text-indigo-600 hover:underline">
                    #{sub.displayNumber} {sub.title}
                  </Link>
                </li>
              ))}
            </Group>
          )}
        </div>
      )}
    </Dialog>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="font-medium text-slate-700">{title}</p>
      <ul className="mt-1 max-h-64 space-y-0.5 overflow-y-auto break-words">{children}</ul>
    </div>
  );
}
