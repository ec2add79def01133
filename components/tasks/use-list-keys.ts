"use client";

import { useEffect, useRef } from "react";

/**
 * The task list's keys: `j` next task, `k` previous task, `Enter` open it, `x` select it (for the
 * selection bar's bulk action). Like every shortcut of the app they never fire while someone types
 * in a field (input, textarea, select, an editor, a combobox), inside an open dialog or menu, with
 * Ctrl, ⌘ or Alt, or when a control already handled the press. `Enter` on a link or a button is
 * that control's own (the focused title link opens the task by itself).
 *
 * One listener on the document while the list is mounted. The key rows are the shell's shortcut
 * table's `list.next`, `list.previous`, `list.open` and `list.select`; once the shared registry is
 * in, each key becomes one `useShortcut(id, handler)` call and this file goes.
 */
export interface ListKeyHandlers {
  next: () => void;
  previous: () => void;
  open: () => void;
  select: () => void;
}

const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], [role='combobox'], [role='searchbox']";
const OWNS_KEYS = "[role='dialog'], [role='alertdialog'], [role='menu'], [role='listbox'], [data-shortcuts='off']";
const CONTROLS = "a[href], button, summary, [role='button'], [role='link']";

/** Whether a key press on `target` belongs to the list (pure over the DOM; exported for tests). */
export function listKeyOf(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "defaultPrevented" | "isComposing">, target: Element | null): keyof ListKeyHandlers | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  const inputType = target instanceof HTMLInputElement ? target.type : null;
  const typing = target ? Boolean(target.closest(TYPING)) && inputType !== "checkbox" && inputType !== "radio" : false;
  if (typing || ((target as HTMLElement | null)?.isContentEditable ?? false) || target?.closest(OWNS_KEYS)) return null;
  switch (event.key) {
    case "j":
      return "next";
    case "k":
      return "previous";
    case "x":
      return "select";
    case "Enter":
      return target?.closest(CONTROLS) ? null : "open";
    default:
      return null;
  }
}

export function useListKeys(handlers: ListKeyHandlers, { enabled = true }: { enabled?: boolean } = {}): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = listKeyOf(event, event.target instanceof Element ? event.target : null);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
