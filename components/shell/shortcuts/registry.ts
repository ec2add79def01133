"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import type { ShortcutId } from "@/lib/shortcuts/table";

/**
 * The app's one keyboard-shortcut registry. Every shortcut is a row of lib/shortcuts/table.ts;
 * a screen binds the rows it acts on while it is mounted:
 *
 *   useShortcut("task.edit", () => setEditing(true), { enabled: task.permissions.canEdit });
 *
 * One keydown listener on the document (./listener.ts, installed by <ShortcutLayer> in the app
 * shell) turns presses into ids (lib/shortcuts/match.ts) and calls the most recently bound
 * handler of that id. It ignores presses while someone types in a field (input, textarea, select, the rich-text
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

/** Shortcuts a button asked for before anything bound them (./shortcut-layer.tsx loads the general ones after the page). */
const requested = new Set<ShortcutId>();

function bind(id: ShortcutId, handler: Handler): () => void {
  handlers.set(id, [...(handlers.get(id) ?? []), handler]);
  changed();
  if (requested.delete(id)) handler(new KeyboardEvent("keydown"));
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
 * header's palette button). Nothing binds it yet (a tap in the moment before the general
 * shortcuts have loaded): it runs when something does. Returns whether it ran now.
 */
export function runShortcut(id: ShortcutId): boolean {
  const handler = boundHandler(id);
  if (!handler) {
    requested.add(id);
    return false;
  }
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

/** The ids bound right now (the listener matches presses against them). */
export const boundIds = (): ShortcutId[] => [...handlers.keys()];

/** The most recently bound handler of a shortcut: the screen on top wins. */
export function boundHandler(id: ShortcutId): Handler | undefined {
  const stack = handlers.get(id);
  return stack?.[stack.length - 1];
}
