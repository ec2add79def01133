import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Row locks that serialise one user's punch and task-clock writes. Punch-out, clock-in and
 * clock-out all start by locking the caller's open punch (FOR UPDATE), so a punch-out racing a
 * clock-in runs one after the other: whichever comes second re-reads the row after the first
 * commits (READ COMMITTED re-checks `punch_out_at IS NULL`) and sees the new state. The
 * deferred constraint triggers are the last line of defence; these locks make the clear error
 * (409 / requiresPunchIn) the normal outcome instead of a failed commit.
 */

export interface OpenPunch {
  id: string;
  punchInAt: Date;
}

export interface OpenEntry {
  id: string;
  taskId: string;
  punchSessionId: string;
  startedAt: Date;
}

export async function lockOpenPunch(tx: Prisma.TransactionClient, userId: string): Promise<OpenPunch | null> {
  const rows = await tx.$queryRaw<{ id: string; punch_in_at: Date }[]>`
    SELECT id, punch_in_at FROM punch_sessions
     WHERE user_id = ${userId}::uuid AND punch_out_at IS NULL
     FOR UPDATE`;
  const row = rows[0];
  return row ? { id: row.id, punchInAt: row.punch_in_at } : null;
}

export async function lockOpenEntry(tx: Prisma.TransactionClient, userId: string): Promise<OpenEntry | null> {
  const rows = await tx.$queryRaw<{ id: string; task_id: string; punch_session_id: string; started_at: Date }[]>`
    SELECT id, task_id, punch_session_id, started_at FROM task_time_entries
     WHERE user_id = ${userId}::uuid AND ended_at IS NULL
     FOR UPDATE`;
  const row = rows[0];
  return row ? { id: row.id, taskId: row.task_id, punchSessionId: row.punch_session_id, startedAt: row.started_at } : null;
}

/** The later of the given instants: a close never precedes its open, even if clocks disagree. */
export function latest(...dates: Array<Date | null | undefined>): Date {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return new Date(Math.max(...times));
}
