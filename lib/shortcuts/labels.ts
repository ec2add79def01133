import type { ShortcutId } from "./table";

/**
 * What each shortcut of ./table.ts does, as the `?` dialog says it. Apart from the table because
 * only that dialog reads the words, and it loads on first use; the table is in every page's
 * first load (the key listener).
 */
export const SHORTCUT_LABELS: Record<ShortcutId, string> = {
  "palette.open": "Open the command palette",
  "help.open": "Show keyboard shortcuts",
  "task.new": "New task",
  "search.focus": "Search (this screen's search box, or the command palette)",
  "go.dashboard": "Go to the Task List (dashboard)",
  "go.projects": "Go to Projects",
  "go.time": "Go to Time Logs",
  "go.scoreboard": "Go to the Scoreboard",
  "task.edit": "Edit the task",
  "task.complete": "Mark the task complete (or reopen it)",
  "task.clock": "Clock into or out of the task",
  "list.next": "Next task",
  "list.previous": "Previous task",
  "list.open": "Open the task",
  "list.select": "Select or deselect the task",
};
