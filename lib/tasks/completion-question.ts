import type { OpenWork } from "./completion";

// Apart from ./completion.ts: only the completion question's dialog shows these words, so they
// load with it and not with every task list.

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 checklist item and 2 sub-tasks are still open. Complete anyway?"; null when nothing is open. */
export function openWorkQuestion(open: OpenWork): string | null {
  const parts = [
    open.items.length > 0 ? count(open.items.length, "checklist item", "checklist items") : null,
    open.subTasks.length > 0 ? count(open.subTasks.length, "sub-task", "sub-tasks") : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const plural = parts.length > 1 || open.items.length + open.subTasks.length > 1;
  return `${parts.join(" and ")} ${plural ? "are" : "is"} still open. Complete anyway?`;
}

export const CHECKLIST_REQUIRED_MESSAGE = "Complete the checklist first";
