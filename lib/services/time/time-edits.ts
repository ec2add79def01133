import "server-only";
import { db } from "@/lib/db";
import { isInvariantViolation, isUniqueViolation, pgFacts } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, conflict } from "@/lib/http/app-error";
import { INVARIANT_SQLSTATES } from "@/prisma/sql-invariants";

export const OVERLAPPING_PUNCH = "This change would overlap another punch of the member. Punches cannot overlap.";
export const ENTRY_OUTSIDE_PUNCH = "Task time must stay inside its punch. Adjust or delete the task time first.";
export const PUNCH_HAS_RUNNING_ENTRY = "The punch has task time still running. Clock out of the task first.";
export const ONE_OPEN_PUNCH = "The member already has an open punch.";
export const ENDS_BEFORE_START = "The end must be after the start.";

export type TimeEditAction = "create" | "update" | "delete" | "split" | "correction";

export interface TimeEditRecord {
  userId: string;
  action: TimeEditAction;
  entityType: "punch_session" | "task_time_entry";
  entityId: string;
  /** The punch the row belongs to (null after the punch is deleted). */
  punchSessionId: string | null;
  editedById: string;
  reason: string;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => (value === null || value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue));

/** Writes one TimeEdit; pass the transaction of the change so both commit or neither does. */
export async function writeTimeEdit(tx: Prisma.TransactionClient, edit: TimeEditRecord): Promise<void> {
  await tx.timeEdit.create({
    data: {
      userId: edit.userId,
      action: edit.action,
      entityType: edit.entityType,
      entityId: edit.entityId,
      punchSessionId: edit.punchSessionId,
      editedById: edit.editedById,
      reason: edit.reason,
      before: json(edit.before),
      after: json(edit.after),
    },
  });
}

/**
 * The database's time invariants as clear 409s (never a 500): overlapping punches (exclusion
 * constraint), task time outside its punch and a punch closed over running task time (deferred
 * triggers, raised at COMMIT), two open punches (partial unique index), an end before a start.
 */
export function timeInvariantError(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  if (isInvariantViolation(error, "punch_sessions_no_overlap", "23P01")) return conflict(OVERLAPPING_PUNCH, { invariant: "no-overlap" });
  if (isInvariantViolation(error, "task_time_entries_inside_punch", INVARIANT_SQLSTATES.timeEntryOutsidePunch)) {
    return conflict(ENTRY_OUTSIDE_PUNCH, { invariant: "entry-inside-punch" });
  }
  if (isInvariantViolation(error, "punch_sessions_no_open_entries_on_close", INVARIANT_SQLSTATES.punchHasOpenTimeEntry)) {
    return conflict(PUNCH_HAS_RUNNING_ENTRY, { invariant: "no-running-entry" });
  }
  if (isUniqueViolation(error) && /one_open_per_user/.test(pgFacts(error).message + String((error as { meta?: unknown }).meta ? JSON.stringify((error as { meta?: unknown }).meta) : ""))) {
    return conflict(ONE_OPEN_PUNCH, { invariant: "one-open-punch" });
  }
  if (pgFacts(error).sqlState === "23514") return conflict(ENDS_BEFORE_START, { invariant: "ends-after-starts" });
  return null;
}

/** Runs a time write in one transaction and maps the invariants' errors to 409s. */
export async function inTimeTransaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(fn, { timeout: 15_000, maxWait: 10_000 });
  } catch (error) {
    throw timeInvariantError(error) ?? error;
  }
}
