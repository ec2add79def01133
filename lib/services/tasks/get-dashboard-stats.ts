import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { businessDayRange, businessWeekRange } from "@/lib/tasks/task-dates";

export interface DashboardStats {
  /** Assigned to me (directly or on the team), not completed or cancelled. */
  mineOpen: number;
  /** Of those, due today (business time zone). */
  dueToday: number;
  /** Of those, due before now. */
  overdue: number;
  /** Completed this week (Sunday to Saturday, business time zone) by me or on a task of mine. */
  completedThisWeek: number;
  /** Unassigned pickup tasks in my departments. */
  availableToPickUp: number;
}

/**
 * The dashboard's stats cards in one query (FILTER clauses over the visible, undeleted tasks).
 * The visibility rule is the one of task-access.ts, written in SQL.
 */
export async function getDashboardStats(caller: Caller, now = new Date()): Promise<DashboardStats> {
  const today = businessDayRange(now);
  const week = businessWeekRange(now);
  const me = caller.userId;
  const isAdmin = caller.role === "admin";
  // Candidates first, each from its own index (assignee, team, completer, pickup units), so the
  // count never scans the whole table; visibility and the per-card conditions apply on top.
  const rows = await db.$queryRaw<Array<Record<keyof DashboardStats, number>>>(Prisma.sql`
    WITH my_units AS (
      SELECT unit_id FROM unit_memberships WHERE user_id = ${me}::uuid
    ), team AS (
      SELECT task_id FROM task_assignments WHERE user_id = ${me}::uuid
    ), candidates AS (
      SELECT id FROM tasks WHERE assignee_id = ${me}::uuid
      UNION SELECT task_id FROM team
      UNION SELECT id FROM tasks WHERE completed_by_id = ${me}::uuid AND completed_at >= ${week.start}
      UNION SELECT id FROM tasks WHERE organizational_unit_id IN (SELECT unit_id FROM my_units)
        AND available_for_pickup AND status NOT IN ('completed', 'cancelled')
    ), visible AS (
      SELECT t.*,
        (t.assignee_id = ${me}::uuid OR t.id IN (SELECT task_id FROM team)) AS mine,
        t.status NOT IN ('completed', 'cancelled') AS is_open
      FROM tasks t JOIN candidates c ON c.id = t.id
      WHERE t.deleted_at IS NULL
        AND (${isAdmin} OR t.is_private = false OR t.created_by_id = ${me}::uuid)
    )
    SELECT
      count(*) FILTER (WHERE mine AND is_open)::int AS "mineOpen",
      count(*) FILTER (WHERE mine AND is_open AND due_date >= ${today.start} AND due_date < ${today.end})::int AS "dueToday",
      count(*) FILTER (WHERE mine AND is_open AND due_date < ${now})::int AS "overdue",
      count(*) FILTER (WHERE status = 'completed' AND completed_at >= ${week.start} AND completed_at < ${week.end}
                       AND (mine OR completed_by_id = ${me}::uuid))::int AS "completedThisWeek",
      count(*) FILTER (WHERE available_for_pickup AND is_open AND assignee_id IS NULL AND vendor_id IS NULL
                       AND organizational_unit_id IN (SELECT unit_id FROM my_units))::int AS "availableToPickUp"
    FROM visible`);
  const row = rows[0];
  return {
    mineOpen: Number(row?.mineOpen ?? 0),
    dueToday: Number(row?.dueToday ?? 0),
    overdue: Number(row?.overdue ?? 0),
    completedThisWeek: Number(row?.completedThisWeek ?? 0),
    availableToPickUp: Number(row?.availableToPickUp ?? 0),
  };
}
