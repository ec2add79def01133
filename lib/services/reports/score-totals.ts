import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { db } from "@/lib/db";
import type { PeriodRange } from "@/lib/reports/period";
import type { ScoringSettings } from "@/lib/reports/scoring";

export interface MemberScoreTotal {
  userId: string;
  points: number;
  tasks: number;
  onTime: number;
  pickups: number;
  /** The longest run of consecutive on-time completions (highlights). */
  streak: number;
}

export interface UnitScoreTotal {
  unitId: string;
  points: number;
  tasks: number;
}

export interface ScoreTotals {
  members: MemberScoreTotal[];
  units: UnitScoreTotal[];
}

/**
 * The scoreboard's totals of a period, computed in one SQL statement (the ranking is
 * an aggregate, not a JavaScript loop over a month's tasks; at 100k tasks the loop spent most of
 * its time turning 3,000 rows of timestamps into objects).
 *
 * It is `totalsByMember(scoreTasks(...))` of lib/reports/scoring.ts written as SQL: the same
 * rules in the same order, in float8 (IEEE doubles, as JavaScript) and rounded as Math.round,
 * so the points agree to the cent. The JavaScript function stays the readable reference and the
 * per-task breakdown; tests/integration/reports/score-totals.test.ts holds the two equal on a
 * fixture that exercises every rule. Change a rule in both places, or that test fails.
 *
 * Members excluded by the settings (contractors, volunteers) get no row and add nothing to their
 * department, as in scoreTasks.
 */
export async function loadScoreTotals(range: PeriodRange, s: ScoringSettings, timeZone = BUSINESS_TIME_ZONE): Promise<ScoreTotals> {
  const rows = await db.$queryRaw<Array<{ kind: "member" | "unit"; id: string; points: number; tasks: number; on_time: number; pickups: number; streak: number }>>(scoreTotalsSql(range, s, timeZone));
  const members: MemberScoreTotal[] = [];
  const units: UnitScoreTotal[] = [];
  for (const r of rows) {
    if (r.kind === "member") members.push({ userId: r.id, points: Number(r.points), tasks: r.tasks, onTime: r.on_time, pickups: r.pickups, streak: r.streak });
    else units.push({ unitId: r.id, points: Number(r.points), tasks: r.tasks });
  }
  return { members, units };
}

/** The statement (exported for EXPLAIN in the benchmark's notes). */
export function scoreTotalsSql(range: PeriodRange, s: ScoringSettings, timeZone: string): Prisma.Sql {
  const weight = Prisma.sql`greatest(0, CASE t.priority WHEN 'low' THEN ${s.weights.low}::float8 WHEN 'normal' THEN ${s.weights.normal}::float8 WHEN 'high' THEN ${s.weights.high}::float8 ELSE ${s.weights.critical}::float8 END)`;
  const leadShare = Math.min(100, Math.max(0, s.leadSharePercent)) / 100;
  return Prisma.sql`
    WITH t AS MATERIALIZED (
      SELECT t.id, t.organizational_unit_id AS unit_id, t.created_by_id, t.completed_by_id, t.assignee_id, t.vendor_id, t.completed_at,
             (t.completed_at AT TIME ZONE ${timeZone})::date <= (t.due_date AT TIME ZONE ${timeZone})::date AS by_date,
             -- Completed with unticked items or unfinished sub-tasks: not on time (no bonus), ticked items only.
             coalesce(ck.open, 0) > 0 OR sub.open IS NOT NULL AS with_open_items,
             -- A completion stamped before the creation is bad data, not speed.
             t.completed_at >= t.created_at
               AND t.completed_at - t.created_at < make_interval(mins => ${Math.max(0, s.quickCompleteMinutes)}::int) AS within_quick,
             ${weight} AS weight,
             CASE WHEN t.has_checklist THEN coalesce(ck.n - ck.open, 0) ELSE 0 END AS checklist_n,
             team.ids AS team_ids, team.lead_id,
             (SELECT l.actor_id FROM audit_logs l
               WHERE l.entity_type = 'task' AND l.entity_id = t.id::text AND l.action = 'task.claim'
               ORDER BY l.created_at DESC LIMIT 1) AS claimed_by_id
        FROM tasks t
        -- An aggregate per task: the planner probes the (task_id, user_id) index once a task
        -- instead of hashing the whole assignments table (40 ms at 60k assignments).
        CROSS JOIN LATERAL (SELECT array_agg(a.user_id) AS ids, (array_agg(a.user_id) FILTER (WHERE a.is_lead))[1] AS lead_id
                              FROM task_assignments a WHERE a.task_id = t.id) team
        CROSS JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE NOT c.is_completed) AS open
                              FROM checklist_items c WHERE c.task_id = t.id) ck
        -- One probe of the parent index per task: as an EXISTS the planner may hash every
        -- unfinished task of the organization instead (a 70 ms scan at 100k tasks, twice a request).
        LEFT JOIN LATERAL (SELECT true AS open FROM tasks s WHERE s.parent_task_id = t.id AND s.deleted_at IS NULL
                             AND s.status NOT IN ('completed', 'cancelled') LIMIT 1) sub ON true
       WHERE t.completed_at >= ${range.start} AND t.completed_at < ${range.end}
         AND t.status = 'completed' AND t.deleted_at IS NULL AND NOT t.is_recurring),
    -- Who shares each task: its team, plus the single assignee when not already on it (grouped:
    -- a member is on a task once) ...
    team AS (
      SELECT x.task_id, x.user_id, bool_or(x.is_lead) AS is_lead
        FROM (SELECT t.id AS task_id, m.user_id, coalesce(m.user_id = t.lead_id, false) AS is_lead FROM t CROSS JOIN LATERAL unnest(t.team_ids) AS m(user_id)
              UNION ALL
              SELECT t.id, t.assignee_id, false FROM t WHERE t.assignee_id IS NOT NULL) x
       GROUP BY x.task_id, x.user_id),
    -- ... or, with neither, the completer (unless a vendor did the work).
    people AS (
      SELECT * FROM team
      UNION ALL
      SELECT t.id, t.completed_by_id, false FROM t
       WHERE t.vendor_id IS NULL AND t.completed_by_id IS NOT NULL AND t.assignee_id IS NULL AND t.team_ids IS NULL),
    timed AS (SELECT t.*, t.by_date AND NOT t.with_open_items AS on_time FROM t),
    sized AS (
      SELECT p.*, count(*) OVER (PARTITION BY p.task_id) AS n, bool_or(p.is_lead) OVER (PARTITION BY p.task_id) AS has_lead,
             bool_or(p.user_id = t.created_by_id) OVER (PARTITION BY p.task_id) AND t.within_quick AS quick,
             t.unit_id, t.completed_at, t.on_time, t.claimed_by_id,
             CASE WHEN t.on_time THEN t.weight * (1 + ${Math.max(0, s.onTimeBonusPercent)}::float8 / 100)
                  WHEN t.by_date THEN t.weight
                  ELSE (t.weight * ${Math.min(100, Math.max(0, s.latePercent))}::float8) / 100 END AS base,
             least(t.checklist_n * ${Math.max(0, s.checklistItemPoints)}::float8, ${Math.max(0, s.checklistMaxPoints)}::float8) AS checklist
        FROM people p JOIN timed t ON t.id = p.task_id),
    credits AS (
      SELECT c.task_id, c.user_id, c.unit_id, c.completed_at, c.on_time AND NOT c.quick AS counts_on_time,
             CASE WHEN NOT c.quick AND c.claimed_by_id = c.user_id THEN ${Math.max(0, s.pickupBonus)}::float8 ELSE 0 END AS pickup,
             CASE WHEN c.quick THEN 0::float8
                  ELSE (c.base + c.checklist) * (CASE WHEN NOT c.has_lead OR c.n = 1 THEN 1::float8 / c.n
                                                      WHEN c.is_lead THEN ${leadShare}::float8
                                                      ELSE (1 - ${leadShare}::float8) / (c.n - 1) END)
                       + CASE WHEN c.claimed_by_id = c.user_id THEN ${Math.max(0, s.pickupBonus)}::float8 ELSE 0 END
             END AS raw_points
        FROM sized c JOIN users u ON u.id = c.user_id
       WHERE NOT (${s.excludeContractors} AND u.member_type = 'contractor')
         AND NOT (${s.excludeVolunteers} AND u.member_type = 'volunteer')),
    -- Each credit rounded to the cent as Math.round does (half up), then summed.
    rounded AS (
      SELECT c.*, floor(c.raw_points * 100 + 0.5) / 100 AS points,
             row_number() OVER (PARTITION BY c.user_id ORDER BY c.completed_at, c.task_id)
               - row_number() OVER (PARTITION BY c.user_id, c.counts_on_time ORDER BY c.completed_at, c.task_id) AS run
        FROM credits c),
    runs AS (
      SELECT user_id, count(*) AS len FROM rounded WHERE counts_on_time GROUP BY user_id, run),
    streaks AS (
      SELECT user_id, max(len) AS streak FROM runs GROUP BY user_id)
    SELECT 'member' AS kind, r.user_id::text AS id, floor(sum(r.points) * 100 + 0.5) / 100 AS points, count(*)::int AS tasks,
           count(*) FILTER (WHERE r.counts_on_time)::int AS on_time, count(*) FILTER (WHERE r.pickup > 0)::int AS pickups,
           coalesce(max(s.streak), 0)::int AS streak
      FROM rounded r LEFT JOIN streaks s ON s.user_id = r.user_id GROUP BY r.user_id
    UNION ALL
    SELECT 'unit', r.unit_id::text, floor(sum(r.points) * 100 + 0.5) / 100, count(DISTINCT r.task_id)::int, 0, 0, 0
      FROM rounded r GROUP BY r.unit_id`;
}
