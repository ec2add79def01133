/**
 * Turning key presses into shortcut ids: pure functions over a small slice of KeyboardEvent, so
 * the rules (modifiers, sequences, typing in a field) are unit-tested without a browser.
 */

import { SEQUENCE_TIMEOUT_MS, shortcut, type ShortcutId } from "./table";

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** An IME composition is under way (Japanese, Chinese input): never a shortcut. */
  isComposing?: boolean;
}

/**
 * The chord a press spells in the table's notation, or null when it can be none: a press with
 * Alt, or with Ctrl/⌘ other than one `mod+` letter, belongs to the browser or the system
 * (Ctrl-C, ⌘-L, Alt-D), never to us. Shift is part of the character (`?`), so an upper-case
 * letter (Shift-C) is "C" and matches nothing in the table.
 */
export function chordOf(press: KeyPress): string | null {
  if (press.isComposing || press.key === "Dead" || press.key === "Unidentified") return null;
  if (press.altKey) return null;
  if (press.ctrlKey || press.metaKey) {
    if (press.ctrlKey && press.metaKey) return null;
    if (press.shiftKey || press.key.length !== 1) return null;
    return `mod+${press.key.toLowerCase()}`;
  }
  return press.key;
}

export interface SequenceState {
  /** Chords pressed so far that begin some bound sequence. */
  pending: readonly string[];
  /** When the last of them was pressed (ms). */
  at: number;
}

export const EMPTY_SEQUENCE: SequenceState = { pending: [], at: 0 };

/**
 * One step of the matcher: the state after `chord` and the shortcut it completes, if any.
 * `bound` lists the shortcuts bound now; a prefix of a bound sequence (G) waits for the rest
 * for SEQUENCE_TIMEOUT_MS. A longer sequence beats a one-key shortcut that is its prefix only
 * if no one-key shortcut is bound for that key (the table has none).
 */
export function step(
  state: SequenceState,
  chord: string,
  now: number,
  bound: Iterable<ShortcutId>,
): { state: SequenceState; match: ShortcutId | null } {
  const fresh = state.pending.length > 0 && now - state.at <= SEQUENCE_TIMEOUT_MS;
  const ids = [...bound];
  const tries = fresh ? [[...state.pending, chord], [chord]] : [[chord]];
  for (const pressed of tries) {
    const exact = ids.find((id) => sameKeys(shortcut(id).keys, pressed));
    if (exact) return { state: EMPTY_SEQUENCE, match: exact };
    const prefix = ids.some((id) => startsWith(shortcut(id).keys, pressed));
    if (prefix) return { state: { pending: pressed, at: now }, match: null };
  }
  return { state: EMPTY_SEQUENCE, match: null };
}

function sameKeys(keys: readonly string[], pressed: readonly string[]): boolean {
  return keys.length === pressed.length && keys.every((k, i) => k === pressed[i]);
}

function startsWith(keys: readonly string[], pressed: readonly string[]): boolean {
  return keys.length > pressed.length && pressed.every((k, i) => keys[i] === k);
}
