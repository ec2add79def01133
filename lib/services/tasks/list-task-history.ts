import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { isUuid } from "@/lib/validations/tasks";
import { viewableMembersWhere } from "@/lib/services/time/scope";
import { storedSnapshot } from "@/lib/services/audit/record-audit";
import { TASK_NOT_FOUND } from "./get-task";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";

/** The task's audit rows (create, updates with before/after, checklist ticks, claim, complete ...) and its clock-ins and outs, newest first. */
export async function listTaskHistory(caller: Caller, taskId: string) {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const task = await db.task.findFirst({ where: { id: taskId, ...visibleTaskWhere(caller) }, select: { id: true } });
  if (!task) throw notFound(TASK_NOT_FOUND);
  const stored = await db.auditLog.findMany({
    where: { entityType: "task", entityId: taskId },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: {
      id: true,
      action: true,
      before: true,
      after: true,
      metadata: true,
      createdAt: true,
      actor: { select: { id: true, firstName: true, lastName: true } },
    },
  });
  const rows = stored.map((row) => ({ ...row, before: storedSnapshot(row.before), after: storedSnapshot(row.after), metadata: storedSnapshot(row.metadata) }));
  const clocks = await clockEntries(caller, taskId);
  const items = [...(await withheldParents(caller, rows)), ...clocks].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).slice(0, 200);
  return { items };
}

/**
 * Clock-ins and clock-outs on the task (its time entries), as history entries: "task.clock_in"
 * at the start and "task.clock_out" at the end (metadata: minutes, and whether the clock was
 * closed for the member). Only the entries of members whose time the caller may read
 * (lib/services/time/scope.ts): staff see their own, managers their units', admins everyone's.
 */
async function clockEntries(caller: Caller, taskId: string) {
  const entries = await db.taskTimeEntry.findMany({
    where: { taskId, user: viewableMembersWhere(caller) },
    orderBy: { startedAt: "desc" },
    take: 100,
    select: { id: true, startedAt: true, endedAt: true, endedByForce: true, user: { select: { id: true, firstName: true, lastName: true } } },
  });
  return entries.flatMap((e) => [
    { id: `clock-in:${e.id}`, action: "task.clock_in", before: null, after: null, metadata: { timeEntryId: e.id }, createdAt: e.startedAt, actor: e.user },
    ...(e.endedAt
      ? [{ id: `clock-out:${e.id}`, action: "task.clock_out", before: null, after: null, metadata: { timeEntryId: e.id, minutes: Math.round((e.endedAt.getTime() - e.startedAt.getTime()) / 60_000), endedByForce: e.endedByForce }, createdAt: e.endedAt, actor: e.user }]
      : []),
  ]);
}

type Snapshot = Record<string, unknown>;
const isSnapshot = (value: unknown): value is Snapshot => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A parent the caller may not see (someone else's private task) is withheld from the history
 * too: its id becomes null with `parentHidden: true`, in before and after.
 */
async function withheldParents<R extends { before: unknown; after: unknown }>(caller: Caller, rows: R[]): Promise<R[]> {
  const parentIds = new Set<string>();
  for (const row of rows) {
    for (const side of [row.before, row.after]) {
      if (isSnapshot(side) && typeof side.parentTaskId === "string") parentIds.add(side.parentTaskId);
    }
  }
  if (parentIds.size === 0) return rows;
  const visible = new Set(
    (await db.task.findMany({ where: { id: { in: [...parentIds] }, ...visibleTaskWhere(caller, { includeDeleted: true }) }, select: { id: true } })).map((t) => t.id),
  );
  const redact = (side: unknown) =>
    isSnapshot(side) && typeof side.parentTaskId === "string" && !visible.has(side.parentTaskId) ? { ...side, parentTaskId: null, parentHidden: true } : side;
  return rows.map((row) => ({ ...row, before: redact(row.before), after: redact(row.after) }));
}
