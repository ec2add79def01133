/** The punch clock's user-facing words, copied from the spec (§8), in one place. */
export const PUNCH_TOASTS = {
  punchedIn: { title: "Punched In", description: "You are now clocked in for work." },
  punchedOut: { title: "Punched Out", description: "You have been clocked out." },
  punchOutErrorTitle: "Error",
  punchOutFallback: "Failed to punch out",
  punchInFailed: "Failed to punch in.",
} as const;

/** Button captions (spec §4). */
export const PUNCH_LABELS = {
  loading: "Loading",
  error: "Error loading",
  punchIn: "Punch In",
  punchOut: "Punch Out",
} as const;

export interface ActiveTaskInfo {
  id: string;
  /** null: a recurring series, which has no number. */
  displayNumber: number | null;
  title: string;
}

/**
 * The task a 409 says the caller is clocked into. The spec's client reads `hasConflict` and
 * `conflictingTask` (§3; the client sets hasConflict on every 409); `activeTask` is the same task
 * under the punch-out call's name (§7), read when a server sends only that.
 */
export function conflictingTaskOf(error: unknown): ActiveTaskInfo | null {
  if (typeof error !== "object" || error === null) return null;
  const { hasConflict, conflictingTask, activeTask } = error as { hasConflict?: unknown; conflictingTask?: unknown; activeTask?: unknown };
  if (hasConflict !== true) return null;
  return taskInfoOf(conflictingTask) ?? taskInfoOf(activeTask);
}

function taskInfoOf(value: unknown): ActiveTaskInfo | null {
  if (typeof value !== "object" || value === null) return null;
  const task = value as Record<string, unknown>;
  if (typeof task.id !== "string" || typeof task.title !== "string" || (typeof task.displayNumber !== "number" && task.displayNumber !== null)) return null;
  return { id: task.id, displayNumber: task.displayNumber, title: task.title };
}

/** The toast after completing a task the caller was clocked into: the completion stopped that clock. */
export function timerStoppedToast(task: ActiveTaskInfo): { title: string; description: string } {
  return { title: "Task completed", description: `Your timer on ${numbered(task)} stopped.` };
}

/** The header's note when someone else completed the task the caller is still clocked into. */
export function completedWhileClockedText(task: ActiveTaskInfo & { completedBy: string | null }): string {
  return `${numbered(task)} was completed${task.completedBy ? ` by ${task.completedBy}` : ""}. Your timer on it is still running.`;
}

/** "#12 — Engrave urn", or the title alone for a series (no number). */
function numbered(task: { displayNumber: number | null; title: string }): string {
  return task.displayNumber === null ? task.title : `#${task.displayNumber} — ${task.title}`;
}
