// No "server-only" guard: prisma/factories.ts (the seed and the tests, run by tsx outside Next) numbers tasks through this too.
import type { Prisma } from "@/lib/generated/prisma/client";

export const TASK_DISPLAY_NUMBER_COUNTER = "task_display_number";

/**
 * Takes the next task number. Must run inside the transaction that inserts the task: the
 * UPDATE holds the counter row's lock until commit, so concurrent creates queue up, and a
 * rolled-back create gives its number back — numbers stay sequential with no gaps.
 */
export async function nextTaskDisplayNumber(tx: Prisma.TransactionClient): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    UPDATE counters SET value = value + 1 WHERE name = ${TASK_DISPLAY_NUMBER_COUNTER} RETURNING value`;
  if (!rows[0]) throw new Error(`Counter ${TASK_DISPLAY_NUMBER_COUNTER} is missing; run npm run db:migrate`);
  return Number(rows[0].value);
}

/** Takes `count` consecutive numbers at once (a process start); returns the first. Same lock and rollback rules. */
export async function reserveTaskDisplayNumbers(tx: Prisma.TransactionClient, count: number): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    UPDATE counters SET value = value + ${count} WHERE name = ${TASK_DISPLAY_NUMBER_COUNTER} RETURNING value`;
  if (!rows[0]) throw new Error(`Counter ${TASK_DISPLAY_NUMBER_COUNTER} is missing; run npm run db:migrate`);
  return Number(rows[0].value) - count + 1;
}

/**
 * The number of a task known to have one: any task outside a series (the check
 * tasks_numbered_unless_series), or one that was ever a plain task (numbers are never taken back).
 */
export function numbered(displayNumber: number | null): number {
  if (displayNumber === null) throw new Error("Expected a numbered task: only a recurring series has no number");
  return displayNumber;
}
