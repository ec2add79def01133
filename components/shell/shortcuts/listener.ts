import { chordOf, EMPTY_SEQUENCE, step, type SequenceState } from "@/lib/shortcuts/match";
import { shortcut, type ShortcutId } from "@/lib/shortcuts/table";
import { isTypingTarget } from "@/lib/shortcuts/typing";
import { boundHandler, boundIds, runShortcut } from "./registry";

/**
 * The document's one keydown listener for the shortcut registry (./registry.ts has the rules).
 * ShortcutLayer installs it with the page.
 */

/** Dialogs, menus and listboxes own their keys (a menu's type-ahead, a dialog's form). */
const OWNS_KEYS = "[role='dialog'], [role='alertdialog'], [role='menu'], [role='listbox'], [data-shortcuts='off']";

/**
 * The document's keydown handler; `installShortcutListener` adds it once. `awaited`: rows that
 * are about to be bound (the shell's, while ShortcutsRoot loads): a press of one is taken now
 * and runs when it binds.
 */
export function createKeydownHandler(now: () => number = Date.now, awaited: readonly ShortcutId[] = []): (event: KeyboardEvent) => void {
  let sequence: SequenceState = EMPTY_SEQUENCE;
  return (event) => {
    if (event.defaultPrevented) return;
    const chord = chordOf(event);
    if (!chord) return;
    const target = event.target instanceof Element ? event.target : null;
    // Enter on a link or a button is the control's own.
    if (chord === "Enter" && target?.closest("a[href], button, summary, [role='button'], [role='link']")) return;
    const shielded = isTypingTarget(target as HTMLElement | null) || Boolean(target?.closest(OWNS_KEYS));
    const bound = [...new Set([...boundIds(), ...awaited])].filter((id) => {
      const def = shortcut(id);
      return (def.everywhere || !shielded) && (!event.repeat || def.repeats);
    });
    const result = step(sequence, chord, now(), bound);
    sequence = result.state;
    if (!result.match) return;
    const handler = boundHandler(result.match);
    if (!handler && !awaited.includes(result.match)) return;
    event.preventDefault();
    if (handler) handler(event);
    else runShortcut(result.match);
  };
}

let installed = 0;
let listener: ((event: KeyboardEvent) => void) | null = null;

/** Adds the document's listener (once, however many shells mount); returns its removal. */
export function installShortcutListener(awaited: readonly ShortcutId[] = []): () => void {
  if (installed++ === 0) {
    listener = createKeydownHandler(Date.now, awaited);
    document.addEventListener("keydown", listener);
  }
  return () => {
    if (--installed === 0 && listener) {
      document.removeEventListener("keydown", listener);
      listener = null;
    }
  };
}
