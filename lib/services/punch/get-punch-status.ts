import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, hotPathPool } from "@/lib/db";
import { activeTaskSelect, presentActiveTask } from "./active-task";
import type { z } from "zod";
import type { punchStatusSchema } from "@/lib/validations/punch";

export type PunchStatus = z.input<typeof punchStatusSchema>;

/**
 * GET /api/auth/punch/status. Two indexed reads in parallel. The latest punch is the open one
 * whenever one is open: the exclusion constraint lets no punch start after an open one.
 */
export async function getPunchStatus(caller: Pick<Caller, "userId" | "role">): Promise<PunchStatus> {
  const [latest, entry] = await Promise.all([
    db.punchSession.findFirst({
      where: { userId: caller.userId },
      orderBy: { punchInAt: "desc" },
      select: { punchInAt: true, punchOutAt: true },
    }),
    db.taskTimeEntry.findFirst({
      where: { userId: caller.userId, endedAt: null },
      select: {
        startedAt: true,
        task: { select: { ...activeTaskSelect, status: true, completedAt: true, completedBy: { select: { firstName: true, lastName: true } } } },
      },
    }),
  ]);
  return {
    isPunchedIn: latest !== null && latest.punchOutAt === null,
    lastPunchIn: latest?.punchInAt ?? null,
    activeTask: entry ? { ...presentActiveTask(caller, entry.task), startedAt: entry.startedAt, ...completion(entry.task) } : null,
  };
}

function completion(task: { status: string; completedAt: Date | null; completedBy: { firstName: string | null; lastName: string | null } | null }) {
  if (task.status !== "completed" || !task.completedAt) return { completedAt: null, completedBy: null };
  const name = task.completedBy ? [task.completedBy.firstName, task.completedBy.lastName].filter(Boolean).join(" ") : "";
  return { completedAt: task.completedAt, completedBy: name || null };
}

interface PollRow {
  punch_in_at: Date | null;
  punch_out_at: Date | null;
  started_at: Date | null;
  task_id: string | null;
  display_number: number | null;
  title: string | null;
  is_private: boolean | null;
  created_by_id: string | null;
  status: string | null;
  completed_at: Date | null;
  completed_by_first: string | null;
  completed_by_last: string | null;
  unread: number;
  poll_version: string;
  next_wake: Date | null;
}

/**
 * GET /api/auth/punch/status's answer, the one poll of every signed-in tab: the status of
 * `getPunchStatus` and the bell's unread count (`countUnreadAlerts`), in ONE statement. Each
 * Prisma query costs the Node process about a millisecond of its own; this request is most of
 * a business's background traffic (docs/performance.md). The pages that render the header read
 * it too, so the bell shows its count with no request. `tests/integration/punch/punch-in-out.test.ts`
 * holds it to the two reads it replaces.
 */
export async function getPunchPoll(caller: Pick<Caller, "userId" | "role">): Promise<PunchPoll> {
  return (await readPunchPoll(caller)).poll;
}

export type PunchPoll = PunchStatus & { unreadAlerts: number };

/**
 * The poll with the member's poll version read in the same statement (so the version and the
 * figures belong to one snapshot) and the next instant a snooze ends among the unread alerts:
 * the one change of the count that no write announces (lib/cache/poll-cache.ts).
 */
export async function readPunchPoll(caller: Pick<Caller, "userId" | "role">): Promise<{ poll: PunchPoll; version: number; nextWake: number }> {
  const at = new Date();
  // Every open tab sends this every 5 s: node-postgres directly (lib/db.ts, hotPathPool).
  const { rows } = await hotPathPool().query<PollRow>(
    `SELECT p.punch_in_at, p.punch_out_at,
            e.started_at, t.id AS task_id, t.display_number, t.title, t.is_private, t.created_by_id::text AS created_by_id,
            t.status::text AS status, t.completed_at, cb.first_name AS completed_by_first, cb.last_name AS completed_by_last,
            (SELECT count(*)::int FROM alert_recipients r JOIN alerts a ON a.id = r.alert_id
              WHERE r.user_id = $1::uuid AND r.read_at IS NULL
                AND a.resolved_at IS NULL AND a.acknowledged_at IS NULL
                AND (a.snoozed_until IS NULL OR a.snoozed_until <= $2)) AS unread,
            (SELECT min(a.snoozed_until) FROM alert_recipients r JOIN alerts a ON a.id = r.alert_id
              WHERE r.user_id = $1::uuid AND r.read_at IS NULL
                AND a.resolved_at IS NULL AND a.acknowledged_at IS NULL
                AND a.snoozed_until > $2) AS next_wake,
            COALESCE((SELECT v.poll_version FROM member_versions v WHERE v.user_id = $1::uuid), 0)::text AS poll_version
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (SELECT punch_in_at, punch_out_at FROM punch_sessions
                           WHERE user_id = $1::uuid ORDER BY punch_in_at DESC LIMIT 1) p ON true
       LEFT JOIN LATERAL (SELECT started_at, task_id FROM task_time_entries
                           WHERE user_id = $1::uuid AND ended_at IS NULL LIMIT 1) e ON true
       LEFT JOIN tasks t ON t.id = e.task_id
       LEFT JOIN users cb ON cb.id = t.completed_by_id`,
    // The snooze ends on the process's clock, as countUnreadAlerts and the snooze itself read it.
    [caller.userId, at],
  );
  const row = rows[0]!;
  const task =
    row.task_id !== null && row.started_at !== null
      ? {
          ...presentActiveTask(caller, { id: row.task_id, displayNumber: row.display_number!, title: row.title!, isPrivate: row.is_private!, createdById: row.created_by_id! }),
          startedAt: row.started_at,
          ...completion({
            status: row.status!,
            completedAt: row.completed_at,
            completedBy: row.completed_by_first === null && row.completed_by_last === null ? null : { firstName: row.completed_by_first, lastName: row.completed_by_last },
          }),
        }
      : null;
  return {
    poll: {
      isPunchedIn: row.punch_in_at !== null && row.punch_out_at === null,
      lastPunchIn: row.punch_in_at,
      activeTask: task,
      unreadAlerts: row.unread,
    },
    version: Number(row.poll_version),
    nextWake: row.next_wake ? row.next_wake.getTime() : Number.POSITIVE_INFINITY,
  };
}
