import { isFinishedStatus } from "./options";

/** What is still open on a task about to be completed: unticked checklist items and unfinished sub-tasks. */
export interface OpenWork {
  items: Array<{ id: string; title: string }>;
  subTasks: Array<{ id: string; displayNumber: number | null; title: string }>;
}

export function openWorkOf(task: {
  checklist: Array<{ id: string; title: string; isCompleted: boolean }>;
  subTasks?: Array<{ id: string; displayNumber: number | null; title: string; status: string }>;
}): OpenWork {
  return {
    items: task.checklist.filter((c) => !c.isCompleted).map(({ id, title }) => ({ id, title })),
    subTasks: (task.subTasks ?? []).filter((s) => !isFinishedStatus(s.status)).map(({ id, displayNumber, title }) => ({ id, displayNumber, title })),
  };
}

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
