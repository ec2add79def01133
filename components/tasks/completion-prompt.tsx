"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { OpenWork } from "@/lib/tasks/completion";
import { CHECKLIST_REQUIRED_MESSAGE, openWorkQuestion } from "@/lib/tasks/completion-question";

/** What stops a tick: open work to confirm, or a required checklist that refuses (./complete-task.tsx). */
export type Prompt = { kind: "confirm" | "required"; open: OpenWork } | null;

/** The question before completing a task with open work, or the refusal of a required checklist, listing what is open. */
export function CompletionPrompt({ open, prompt, onClose, onConfirm, pending }: { open: boolean; prompt: Prompt; onClose: () => void; onConfirm: () => void; pending: boolean }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
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
          <Button variant="secondary" onClick={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button isLoading={pending} onClick={onConfirm}>
              Complete anyway
            </Button>
          </>
        )
      }
    >
      {prompt && <OpenWorkList open={prompt.kind === "required" ? { items: prompt.open.items, subTasks: [] } : prompt.open} />}
    </Dialog>
  );
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
