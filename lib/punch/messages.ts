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

/**
 * The server's message of a failed call without the client's "<status>: " prefix (spec §8
 * builds error text as status, colon, message), or the fallback when there is none.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  const message =
    typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" ? error.message : "";
  const stripped = message.replace(/^\d{3}:\s*/, "").trim();
  return stripped || fallback;
}

export interface ActiveTaskInfo {
  id: string;
  displayNumber: number;
  title: string;
}

/** The task named by a 409 punch-out answer (the client copies the body's fields onto the error). */
export function activeTaskOf(error: unknown): ActiveTaskInfo | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, activeTask } = error as { status?: unknown; activeTask?: unknown };
  if (status !== 409 || typeof activeTask !== "object" || activeTask === null) return null;
  const task = activeTask as Record<string, unknown>;
  if (typeof task.id !== "string" || typeof task.title !== "string" || typeof task.displayNumber !== "number") return null;
  return { id: task.id, displayNumber: task.displayNumber, title: task.title };
}

/** The 400 of a task clock-in without an open punch (the server sets requiresPunchIn). */
export function requiresPunchIn(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { requiresPunchIn?: unknown }).requiresPunchIn === true;
}
