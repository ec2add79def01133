/**
 * Keyboard shortcuts: bind a row of lib/shortcuts/table.ts with `useShortcut(id, handler)`.
 * See ./registry.ts for the rules, docs/shell.md for the keys.
 */
export { useShortcut, useBoundShortcuts } from "./registry";
export { ariaKeyShortcuts, keyCaps, withKeyHint, SHORTCUTS, type ShortcutId } from "@/lib/shortcuts/table";
