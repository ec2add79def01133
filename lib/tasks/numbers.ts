/**
 * Task numbers as people say and type them: "#32" or "32". A recurring series created as one
 * has no number (it never appears in a list), so its label is empty.
 */

/** "#32", or "" for a task without a number (a recurring series). */
export function formatTaskNumber(displayNumber: number | null | undefined): string {
  return displayNumber === null || displayNumber === undefined ? "" : `#${displayNumber}`;
}

/** The largest number a path or a search may name (Postgres int4). */
export const MAX_TASK_NUMBER = 2_147_483_647;

/**
 * The number a path segment or a search names: "32" or "#32" (surrounding spaces allowed; a path's
 * "%2332" too, whether or not the router decoded it), else null.
 */
export function parseTaskNumber(text: string): number | null {
  const match = /^\s*(?:#|%23)?(\d{1,10})\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= MAX_TASK_NUMBER ? value : null;
}
