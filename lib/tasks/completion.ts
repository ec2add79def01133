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

/** Whether completing now needs a question first (openWorkQuestion, ./completion-question.ts). */
export const hasOpenWork = (open: OpenWork) => open.items.length + open.subTasks.length > 0;
