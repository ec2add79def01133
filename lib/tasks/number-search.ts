/**
 * A search for a task number: "32" or "#32" (what people say on the phone and write in comments).
 * The list API's `q` matches that number beside the title words (lib/services/tasks/list-tasks.ts),
 * and the task list looks past its default Active filter for it. Pure.
 */
const NUMBER = /^#?\s*(\d{1,9})$/;

/** The task number `q` asks for, or null when it is not one. */
export function taskNumberOf(q: string | null | undefined): number | null {
  const match = NUMBER.exec((q ?? "").trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= 2_147_483_647 ? value : null;
}

export const isTaskNumberSearch = (q: string | null | undefined): boolean => taskNumberOf(q) !== null;
