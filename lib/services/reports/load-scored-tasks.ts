import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import type { PeriodRange } from "@/lib/reports/period";
import type { Priority, ScoredTask } from "@/lib/reports/scoring";

export interface ScoredTaskRow extends ScoredTask {
  displayNumber: number;
  title: string;
  isPrivate: boolean;
  deletedAt: Date | null;
  unitId: string;
}

/**
 * The tasks completed in a period, with what scoring reads: the team, the checklist size and its
 * unticked items, the unfinished sub-tasks, who claimed it (audit "task.claim") and how often it was reopened (audit
 * "task.reopen", and "task.update" rows whose status left completed). Completion is the task's
 * current completedAt: a reopened task is not completed, so it is not here. Every task counts
 * (private ones for their owner's score; titles are masked by the callers), except deleted tasks
 * and recurring series templates. Ordered by completion, for streaks.
 */
export async function loadScoredTasks(range: PeriodRange, userId?: string): Promise<ScoredTaskRow[]> {
  const onlyUser = userId
    ? Prisma.sql`AND (t.assignee_id = ${userId}::uuid OR t.completed_by_id = ${userId}::uuid OR EXISTS (SELECT 1 FROM task_assignments x WHERE x.task_id = t.id AND x.user_id = ${userId}::uuid))`
    : Prisma.empty;
  const rows = await db.$queryRaw<
    Array<{
      id: string; display_number: number; title: string; is_private: boolean; deleted_at: Date | null; unit_id: string; status: string; priority: Priority;
      created_at: Date; due_date: Date; completed_at: Date; created_by_id: string; completed_by_id: string | null; assignee_id: string | null; vendor_id: string | null;
    }>
  >(Prisma.sql`
    SELECT t.id, t.display_number, t.title, t.is_private, t.deleted_at, t.organizational_unit_id AS unit_id, t.status::text AS status, t.priority::text AS priority,
           t.created_at, t.due_date, t.completed_at, t.created_by_id, t.completed_by_id, t.assignee_id, t.vendor_id
    FROM tasks t
    WHERE t.completed_at >= ${range.start} AND t.completed_at < ${range.end}
      AND t.status = 'completed' AND t.deleted_at IS NULL AND NOT t.is_recurring ${onlyUser}
    ORDER BY t.completed_at, t.id`);
  const ids = rows.map((r) => r.id);
  // The team, checklist size and audit history of those tasks: three indexed reads by id (a
  // single statement joining all three let the planner pick nested loops: seconds at 100k tasks).
  const [teams, checklists, history] = ids.length
    ? await Promise.all([
        db.$queryRaw<Array<{ task_id: string; team: Array<{ userId: string; isLead: boolean }> }>>(Prisma.sql`
          SELECT a.task_id, json_agg(json_build_object('userId', a.user_id, 'isLead', a.is_lead)) AS team
          FROM task_assignments a WHERE a.task_id = ANY(${ids}::uuid[]) GROUP BY a.task_id`),
        db.$queryRaw<Array<{ task_id: string; n: number; open: number; open_sub_tasks: number }>>(Prisma.sql`
          SELECT x.id AS task_id,
                 (SELECT count(*)::int FROM checklist_items c WHERE c.task_id = x.id) AS n,
                 (SELECT count(*)::int FROM checklist_items c WHERE c.task_id = x.id AND NOT c.is_completed) AS open,
                 (SELECT count(*)::int FROM tasks s WHERE s.parent_task_id = x.id AND s.deleted_at IS NULL
                    AND s.status NOT IN ('completed', 'cancelled')) AS open_sub_tasks
          FROM unnest(${ids}::uuid[]) AS x(id)`),
        db.$queryRaw<Array<{ entity_id: string; claimed_by_id: string | null; reopen_count: number }>>(Prisma.sql`
          SELECT l.entity_id,
                 (array_agg(l.actor_id ORDER BY l.created_at DESC) FILTER (WHERE l.action = 'task.claim'))[1] AS claimed_by_id,
                 count(*) FILTER (WHERE l.action = 'task.reopen' OR (l.action = 'task.update' AND l.before->>'status' = 'completed'))::int AS reopen_count
          FROM audit_logs l
          WHERE l.entity_type = 'task' AND l.entity_id = ANY(${ids}::text[]) AND l.action IN ('task.claim', 'task.reopen', 'task.update')
          GROUP BY l.entity_id`),
      ])
    : [[], [], []];
  const teamOf = new Map(teams.map((t) => [t.task_id, t.team]));
  const checklistOf = new Map(checklists.map((c) => [c.task_id, c]));
  const historyOf = new Map(history.map((h) => [h.entity_id, h]));
  return rows.map((r) => ({
    id: r.id,
    displayNumber: r.display_number,
    title: r.title,
    isPrivate: r.is_private,
    deletedAt: r.deleted_at,
    unitId: r.unit_id,
    status: r.status,
    priority: r.priority,
    createdAt: r.created_at,
    dueDate: r.due_date,
    completedAt: r.completed_at,
    createdById: r.created_by_id,
    completedById: r.completed_by_id,
    assigneeId: r.assignee_id,
    vendorId: r.vendor_id,
    team: teamOf.get(r.id) ?? [],
    checklistCount: checklistOf.get(r.id)?.n ?? 0,
    openChecklistItems: checklistOf.get(r.id)?.open ?? 0,
    openSubTasks: checklistOf.get(r.id)?.open_sub_tasks ?? 0,
    claimedById: historyOf.get(r.id)?.claimed_by_id ?? null,
    reopenCount: historyOf.get(r.id)?.reopen_count ?? 0,
  }));
}

export interface ScoringPeople {
  members: Map<string, { id: string; memberType: "employee" | "contractor" | "volunteer" }>;
  names: Map<string, string>;
  /** Each member's first department (by name), for the ranking's department column. */
  unitOf: Map<string, string | null>;
  units: Map<string, string>;
  /** Units with at least one active member: the department ranking lists these (and any unit that scored). */
  staffedUnits: Set<string>;
}

/** Active members (and anyone credited in the period, should they have left since) and departments. */
export async function loadScoringPeople(extraIds: string[]): Promise<ScoringPeople> {
  const [users, units] = await Promise.all([
    db.user.findMany({
      where: { ...MEMBERS_ONLY, OR: [{ isActive: true }, { id: { in: extraIds } }] },
      select: { id: true, firstName: true, lastName: true, memberType: true, isActive: true, memberships: { select: { unit: { select: { id: true, name: true } } } } },
    }),
    db.organizationalUnit.findMany({ select: { id: true, name: true } }),
  ]);
  return {
    members: new Map(users.map((u) => [u.id, { id: u.id, memberType: u.memberType }])),
    names: new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])),
    unitOf: new Map(users.map((u) => [u.id, [...u.memberships].map((m) => m.unit).sort((a, b) => a.name.localeCompare(b.name))[0]?.id ?? null])),
    units: new Map(units.map((u) => [u.id, u.name])),
    staffedUnits: new Set(users.filter((u) => u.isActive).flatMap((u) => u.memberships.map((m) => m.unit.id))),
  };
}
