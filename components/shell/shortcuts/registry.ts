"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { chordOf, EMPTY_SEQUENCE, isTypingTarget, step, type SequenceState } from "@/lib/shortcuts/match";
import { shortcut, type ShortcutId } from "@/lib/shortcuts/table";

/**
 * The app's one keyboard-shortcut registry. Every shortcut is a row of lib/shortcuts/table.ts;
 * a screen binds the rows it acts on while it is mounted:
 *
 *   useShortcut("task.edit", () => setEditing(true), { enabled: task.permissions.canEdit });
 *
 * One keydown listener on the document (installed by <ShortcutsRoot> in the app shell) turns
 * presses into ids (lib/shortcuts/match.ts) and calls the most recently bound handler of that
 * id. It ignores presses while someone types in a field (input, textarea, select, the rich-text
 * editor), inside an open dialog or menu, with Alt or with Ctrl/⌘ (except rows marked
 * `everywhere`, i.e. Ctrl-K), and any press a component already handled (defaultPrevented).
 * The `?` dialog lists `useBoundShortcuts()`: exactly what is bound on the current screen.
 *
 * Put `aria-keyshortcuts={ariaKeyShortcuts(id)}` (lib/shortcuts/table.ts) on the control that
 * does the same thing, and its key in its tooltip (`withKeyHint`), as WAI-ARIA asks.
 */

type Handler = (event: KeyboardEvent) => void;

const handlers = new Map<ShortcutId, Handler[]>();
const subscribers = new Set<() => void>();
let snapshot: readonly ShortcutId[] = [];

function changed() {
  snapshot = [...handlers.keys()];
  for (const notify of subscribers) notify();
}

function bind(id: ShortcutId, handler: Handler): () => void {
  handlers.set(id, [...(handlers.get(id) ?? []), handler]);
  changed();
  return () => {
    const rest = (handlers.get(id) ?? []).filter((h) => h !== handler);
    if (rest.length) handlers.set(id, rest);
    else handlers.delete(id);
    changed();
  };
}

/** Binds a shortcut of the table to `handler` while the component is mounted and `enabled`. */
export function useShortcut(id: ShortcutId, handler: Handler, { enabled = true }: { enabled?: boolean } = {}): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (enabled ? bind(id, (event) => latest.current(event)) : undefined), [id, enabled]);
}

/**
 * Does what the shortcut does, as if pressed (a button that offers the same action, e.g. the
 * header's palette button). Returns false when nothing binds it on this screen.
 */
export function runShortcut(id: ShortcutId): boolean {
  const stack = handlers.get(id);
  const handler = stack?.[stack.length - 1];
  if (!handler) return false;
  handler(new KeyboardEvent("keydown"));
  return true;
}

/** The ids bound right now, in binding order (re-renders when that changes). */
export function useBoundShortcuts(): readonly ShortcutId[] {
  return useSyncExternalStore(
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    () => snapshot,
    () => EMPTY,
  );
}
const EMPTY: readonly ShortcutId[] = [];

/** Dialogs, menus and listboxes own their keys (a menu's type-ahead, a dialog's form). */
const OWNS_KEYS = "[role='dialog'], [role='alertdialog'], [role='menu'], [role='listbox'], [data-shortcuts='off']";

/** The document's keydown handler; `installShortcutListener` adds it once. */
export function createKeydownHandler(now: () => number = Date.now): (event: KeyboardEvent) => void {
  let sequence: SequenceState = EMPTY_SEQUENCE;
  return (event) => {
    if (event.defaultPrevented) return;
    const chord = chordOf(event);
    if (!chord) return;
    const target = event.target instanceof Element ? event.target : null;
    // Enter on a link or a button is the control's own.
    if (chord === "Enter" && target?.closest("a[href], button, summary, [role='button'], [role='link']")) return;
    const shielded = isTypingTarget(target as HTMLElement | null) || Boolean(target?.closest(OWNS_KEYS));
    const bound = [...handlers.keys()].filter((id) => {
      const def = shortcut(id);
      return (def.everywhere || !shielded) && (!event.repeat || def.repeats);
    });
    const result = step(sequence, chord, now(), bound);
    sequence = result.state;
    if (!result.match) return;
    const stack = handlers.get(result.match);
    const handler = stack?.[stack.length - 1];
    if (!handler) return;
    event.preventDefault();
    handler(event);
  };
}

let installed = 0;
let listener: ((event: KeyboardEvent) => void) | null = null;

/** Adds the document's listener (once, however many shells mount); returns its removal. */
export function installShortcutListener(): () => void {
  if (installed++ === 0) {
    listener = createKeydownHandler();
    document.addEventListener("keydown", listener);
  }
  return () => {
    if (--installed === 0 && listener) {
      document.removeEventListener("keydown", listener);
      listener = null;
    }
  };
}
