import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TaskPriority, TaskStatus } from "@/lib/generated/prisma/enums";
import type { Caller } from "@/lib/auth/resolve-caller";
import { businessWeekRange } from "@/lib/dates/instants";
import { notFound } from "@/lib/http/app-error";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { OPEN_TASK_STATUSES, idOrNotFound } from "@/lib/services/org/shared";
import { MEMBER_NOT_FOUND, canSeeContact, memberSelect, toMemberDto } from "./shared";
import { taskSummarySelect } from "@/lib/services/tasks/task-summary";
import { numbered } from "@/lib/services/tasks/next-display-number";
import type { z } from "zod";
import type { memberProfileSchema } from "@/lib/validations/members";

export const PROFILE_TASKS_LIMIT = 50;
export const PROFILE_PUNCHES_LIMIT = 10;

export interface ProfileTask {
  id: string;
  displayNumber: number;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: Date;
  organizationalUnit: { id: string; name: string };
  isLead: boolean;
}

export interface ProfilePunch {
  id: string;
  punchInAt: Date;
  punchOutAt: Date | null;
  inLocation: string;
  outReason: string | null;
  /** Whole minutes; an open session counts up to now. */
  minutes: number;
}

export type MemberProfile = z.input<typeof memberProfileSchema>;

/**
 * A member's profile. Every signed-in user may open it (the spec lists /members/{id} as
 * sign-in required): name, role, type and units for all; contact details, this week's hours
 * and recent punches for admins and the member themself. Open tasks follow the task
 * visibility rule: a private task only for its creator and admins.
 */
export async function getMemberProfile(caller: Caller, rawId: unknown, at: Date = new Date()): Promise<MemberProfile> {
  const id = idOrNotFound(rawId, MEMBER_NOT_FOUND);
  const isPrivileged = canSeeContact(caller, id);
  const taskWhere: Prisma.TaskWhereInput = {
    AND: [visibleTaskWhere(caller), { isRecurring: false }, { status: { in: OPEN_TASK_STATUSES } }, { OR: [{ assigneeId: id }, { assignments: { some: { userId: id } } }] }],
  };
  const weekStart = businessWeekRange(at).start;

  const [member, tasks, total, hours, punches] = await Promise.all([
    db.user.findFirst({ where: { id, ...MEMBERS_ONLY }, select: memberSelect }),
    db.task.findMany({
      where: taskWhere,
      select: {
        ...taskSummarySelect,
        priority: true,
        organizationalUnit: { select: { id: true, name: true } },
        assignments: { where: { userId: id }, select: { isLead: true } },
      },
      orderBy: [{ dueDate: "asc" }, { displayNumber: "asc" }],
      take: PROFILE_TASKS_LIMIT,
    }),
    db.task.count({ where: taskWhere }),
    isPrivileged
      ? db.$queryRaw<Array<{ seconds: number | null }>>`
          SELECT COALESCE(SUM(EXTRACT(EPOCH FROM (
                   LEAST(COALESCE(punch_out_at, ${at}), ${at}) - GREATEST(punch_in_at, ${weekStart})
                 ))), 0)::float8 AS seconds
            FROM punch_sessions
           WHERE user_id = ${id}::uuid
             AND punch_in_at < ${at}
             AND COALESCE(punch_out_at, ${at}) > ${weekStart}`
      : Promise.resolve(null),
    isPrivileged
      ? db.punchSession.findMany({
          where: { userId: id },
          select: { id: true, punchInAt: true, punchOutAt: true, inLocation: true, outReason: true },
          orderBy: { punchInAt: "desc" },
          take: PROFILE_PUNCHES_LIMIT,
        })
      : Promise.resolve(null),
  ]);
  if (!member) throw notFound(MEMBER_NOT_FOUND);

  return {
    ...toMemberDto(member, isPrivileged),
    openTasks: {
      total,
      items: tasks.map(({ assignments, ...t }) => ({ ...t, displayNumber: numbered(t.displayNumber), isLead: assignments.some((a) => a.isLead) })),
    },
    hoursThisWeek: hours ? { minutes: Math.floor(Number(hours[0]?.seconds ?? 0) / 60), weekStart } : null,
    recentPunches: punches
      ? punches.map((p) => ({
          ...p,
          minutes: Math.max(0, Math.floor(((p.punchOutAt ?? at).getTime() - p.punchInAt.getTime()) / 60_000)),
        }))
      : null,
  };
}
