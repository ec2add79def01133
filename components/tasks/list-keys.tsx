"use client";

import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useRef } from "react";
import { useShortcut } from "@/components/shell/shortcuts";
import type { Task } from "@/lib/queries/tasks";
import { isTypingTarget } from "@/lib/shortcuts/typing";
import { applyListKey, visibleCursorState, type ListCursorState, type ListKey } from "@/lib/tasks/list-cursor";

/**
 * The list's keyboard cursor and selection (lib/tasks/list-cursor.ts): `j`/`k` move the cursor
 * (and focus, so the row's title link is what a screen reader announces and `Enter` opens),
 * `Enter` opens the cursor's task when focus is elsewhere, `x` selects or deselects it. The
 * dashboard holds the state and draws it; this binds the keys. It is in the list's first load:
 * a J pressed as soon as the list shows must move the cursor.
 *
 * `loading`: the rows on screen are the previous filter's or page's, dimmed while the new ones
 * load (React Query's placeholder). A key pressed then waits for the new rows and acts on them:
 * acting on the old rows put the cursor on a task that vanished a moment later, with focus.
 */
export function ListKeys({ tasks, loading, state, onChange }: { tasks: Task[]; loading: boolean; state: ListCursorState; onChange: (next: ListCursorState) => void }) {
  const router = useRouter();
  const waiting = useRef<(ListKey | "list.open")[]>([]);
  const ids = tasks.map((t) => t.id);

  const focusedRow = () => document.activeElement?.closest<HTMLElement>('[data-testid="task-row"]')?.dataset.taskId ?? null;
  const focusRow = (id: string) => {
    const row = document.querySelector<HTMLElement>(`[data-testid="task-row"][data-task-id="${id}"]`);
    row?.querySelector<HTMLElement>("a[href]")?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: "nearest" });
  };
  const run = (keys: readonly (ListKey | "list.open")[]) => {
    let next = state;
    for (const key of keys) {
      if (key === "list.open") {
        const open = visibleCursorState(next, ids).cursor;
        if (open) router.push(`/tasks/${open}`);
        break;
      }
      next = applyListKey(next, key, ids, focusedRow());
    }
    if (next !== state) onChange(next);
    if (next.cursor && keys.some((key) => key === "list.next" || key === "list.previous")) focusRow(next.cursor);
  };
  const press = (key: ListKey | "list.open") => (loading ? waiting.current.push(key) : run([key]));
  const replay = useEffectEvent(() => {
    const keys = waiting.current;
    waiting.current = [];
    // The member went on to type or opened a dialog meanwhile: the keys are stale.
    const active = document.activeElement;
    if (keys.length && !isTypingTarget(active) && !active?.closest("[role='dialog'], [role='alertdialog']")) run(keys);
  });
  useEffect(() => {
    if (!loading) replay();
  }, [loading]);

  // The shell's shortcut registry (lib/shortcuts/table.ts): never while typing or inside a dialog
  // or menu; Enter on a focused link or button stays that control's own (the title link opens the task).
  useShortcut("list.next", () => press("list.next"));
  useShortcut("list.previous", () => press("list.previous"));
  useShortcut("list.open", () => press("list.open"));
  useShortcut("list.select", () => press("list.select"));

  return null;
}
