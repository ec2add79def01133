/**
 * Every keyboard shortcut of the app, as data: the one table the key handler binds from, the
 * `?` dialog lists, and tooltips and `aria-keyshortcuts` attributes read. Pure: no DOM, no React.
 *
 * A shortcut is a sequence of one or more key chords: `["g", "d"]` is G then D (within
 * SEQUENCE_TIMEOUT_MS), `["mod+k"]` is Ctrl-K (⌘-K on a Mac). A chord is a `KeyboardEvent.key`
 * value, lower-cased for letters, optionally prefixed by `mod+` (Ctrl or ⌘). Characters that
 * need Shift on a keyboard (`?`) are written as the character itself; Shift is never a
 * separate modifier.
 *
 * What each does, in words, is in ./labels.ts (only the `?` dialog reads it, so the words stay
 * out of every page's first load).
 *
 * To add one: add its row here and its words in ./labels.ts, then bind it where its action lives with
 * `useShortcut("id", handler)` from components/shell/shortcuts. The `?` dialog lists exactly the
 * shortcuts bound on the current screen, grouped by `group`.
 */

export type ShortcutGroup = "General" | "Go to" | "Task" | "Task list";

export interface ShortcutDef {
  /** Key sequence, e.g. ["c"], ["g", "d"], ["mod+k"]. */
  keys: readonly string[];
  group: ShortcutGroup;
  /** Also fires while typing in a field or inside a dialog or menu (Ctrl-K only). */
  everywhere?: boolean;
  /** Fires again while the key is held (moving through a list). */
  repeats?: boolean;
}

export const SHORTCUTS = {
  // General (bound by the app shell on every signed-in screen)
  "palette.open": { keys: ["mod+k"], group: "General", everywhere: true },
  "help.open": { keys: ["?"], group: "General" },
  "task.new": { keys: ["c"], group: "General" },
  "search.focus": { keys: ["/"], group: "General" },
  // Go to: screens from the header's Dashboards menu (components/shell/nav-config.ts)
  "go.dashboard": { keys: ["g", "d"], group: "Go to" },
  "go.projects": { keys: ["g", "p"], group: "Go to" },
  "go.time": { keys: ["g", "t"], group: "Go to" },
  "go.scoreboard": { keys: ["g", "s"], group: "Go to" },
  // One task's page
  "task.edit": { keys: ["e"], group: "Task" },
  "task.complete": { keys: ["m"], group: "Task" },
  "task.clock": { keys: ["."], group: "Task" },
  // The task list
  "list.next": { keys: ["j"], group: "Task list", repeats: true },
  "list.previous": { keys: ["k"], group: "Task list", repeats: true },
  "list.open": { keys: ["Enter"], group: "Task list" },
  "list.select": { keys: ["x"], group: "Task list" },
} as const satisfies Record<string, ShortcutDef>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** One row of the table, typed as a plain ShortcutDef (the optional flags readable on every row). */
export function shortcut(id: ShortcutId): ShortcutDef {
  return SHORTCUTS[id];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = ["General", "Go to", "Task", "Task list"];

/** The rows the app shell binds on every signed-in screen (General and Go to). */
export const SHELL_SHORTCUTS = (Object.keys(SHORTCUTS) as ShortcutId[]).filter((id) => shortcut(id).group === "General" || shortcut(id).group === "Go to");

/** How long the second key of a sequence (G then D) may wait for the first. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/**
 * The `aria-keyshortcuts` value (WAI-ARIA 1.2): modifiers joined by "+", alternatives by spaces.
 * A sequence (G then D) has no ARIA form, so it gets none; `mod+k` names both Control and Meta.
 */
export function ariaKeyShortcuts(id: ShortcutId): string | undefined {
  const keys = shortcut(id).keys;
  if (keys.length !== 1) return undefined;
  const chord = keys[0]!;
  if (chord.startsWith("mod+")) {
    const key = ariaKey(chord.slice(4));
    return `Control+${key} Meta+${key}`;
  }
  return ariaKey(chord);
}

function ariaKey(key: string): string {
  if (key === " ") return "Space";
  return key.length === 1 ? key.toUpperCase() : key;
}

/** Keys as people read them: ["Ctrl", "K"], ["G", "D"], ["?"]. `mac` shows ⌘ for mod. */
export function keyCaps(id: ShortcutId, { mac = false }: { mac?: boolean } = {}): string[] {
  const keys = shortcut(id).keys;
  return keys.map((chord) => {
    const mod = chord.startsWith("mod+");
    const key = mod ? chord.slice(4) : chord;
    const cap = key.length === 1 ? key.toUpperCase() : key;
    return mod ? `${mac ? "⌘" : "Ctrl"}+${cap}` : cap;
  });
}

/** "New task (C)", "Go to Projects (G then P)": a tooltip's text with its keys. */
export function withKeyHint(label: string, id: ShortcutId, options?: { mac?: boolean }): string {
  return `${label} (${keyCaps(id, options).join(" then ")})`;
}
