import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE, dateKeyOf, type DateKey } from "@/lib/dates";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { roundCents } from "@/lib/money";
import { MEMBER_NOT_FOUND } from "@/lib/services/members/shared";
import { isTaskVisible } from "@/lib/services/visibility/tasks";
import { titleForReader } from "@/lib/tasks/task-title";
import type { labourCostLinesQuerySchema, LabourCostLinesAnswer } from "@/lib/validations/pay";
import type { z } from "zod";
import { costRange, membersWithTime, type CostedRange, type TaskFilter } from "./labour-cost-core";
import { resolveCostRange } from "./cost-range";

type Query = z.output<typeof labourCostLinesQuerySchema>;
type Line = LabourCostLinesAnswer["lines"][number];

/**
 * GET /api/labour-cost/lines: the minutes behind a figure. A member's time card cost by day and
 * part (regular, overtime, double time, premium, paid time off); the task minutes of a department,
 * project, process run or memorial case (each entry's part of a day, at the member's rate for the
 * task's department and the day's overtime mix); or the time clocked into no task. Unrounded cents
 * a line, the total rounded once.
 */
export async function listLabourCostLines(caller: Caller, query: Query, now = new Date()): Promise<LabourCostLinesAnswer> {
  const taskWhere = await taskFilterOf(query);
  const explicit = Boolean(query.period || query.from);
  let from: DateKey;
  let to: DateKey;
  if (taskWhere && !explicit) {
    const span = await db.taskTimeEntry.aggregate({ where: { task: taskWhere }, _min: { startedAt: true }, _max: { startedAt: true, endedAt: true } });
    const first = span._min.startedAt;
    if (!first) {
      const today = dateKeyOf(now, BUSINESS_TIME_ZONE);
      return { range: { from: today, to: today }, lines: [], totalMinutes: 0, totalCents: 0, unratedMinutes: 0 };
    }
    // Up to the latest instant of its entries (an entry still open: today).
    const open = await db.taskTimeEntry.count({ where: { task: taskWhere, endedAt: null } });
    const last = [span._max.endedAt, span._max.startedAt].filter((d): d is Date => d !== null).reduce((a, b) => (a > b ? a : b));
    from = dateKeyOf(first, BUSINESS_TIME_ZONE);
    to = dateKeyOf(open > 0 ? now : last, BUSINESS_TIME_ZONE);
  } else {
    ({ from, to } = await resolveCostRange(query, now));
  }

  let userIds: string[];
  if (query.userId) {
    if (!(await db.user.findUnique({ where: { id: query.userId }, select: { id: true } }))) throw notFound(MEMBER_NOT_FOUND);
    userIds = [query.userId];
  } else if (taskWhere) {
    const rows = await db.taskTimeEntry.findMany({ where: { task: taskWhere }, select: { userId: true }, distinct: ["userId"] });
    userIds = rows.map((r) => r.userId);
  } else {
    userIds = await membersWithTime(from, to);
  }
  const range = await costRange(userIds, from, to, now, taskWhere ?? undefined);
  const members = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true } });
  const personOf = new Map(members.map((m) => [m.id, { id: m.id, name: `${m.firstName} ${m.lastName}`.trim() }]));
  const person = (id: string) => personOf.get(id) ?? { id, name: "Unknown member" };

  let lines: Line[];
  let unratedMinutes = 0;
  if (query.userId) {
    lines = [];
    for (const d of range.days.get(query.userId)?.values() ?? []) {
      unratedMinutes += d.cost.unratedMinutes;
      for (const l of d.cost.lines) lines.push({ date: l.date, member: person(query.userId), part: l.part, task: null, minutes: l.minutes, centsPerHour: l.centsPerHour, multiplier: l.multiplier, cents: l.cents });
    }
  } else if (taskWhere) {
    lines = range.tasks.map((t) => {
      if (!t.rated) unratedMinutes += t.minutes;
      return {
        date: t.date,
        member: person(t.userId),
        part: "task" as const,
        task: { id: t.task.id, displayNumber: t.task.displayNumber, title: titleForReader(isTaskVisible(caller, t.task, { includeDeleted: true }), t.task.title) },
        minutes: t.minutes,
        centsPerHour: t.centsPerHour,
        multiplier: t.multiplier,
        cents: t.cents,
      };
    });
  } else {
    ({ lines, unratedMinutes } = noTaskLines(range, person));
  }
  lines.sort((a, b) => a.date.localeCompare(b.date) || a.member.name.localeCompare(b.member.name) || (a.task?.displayNumber ?? 0) - (b.task?.displayNumber ?? 0));
  return {
    range: { from, to },
    lines,
    totalMinutes: lines.reduce((s, l) => s + l.minutes, 0),
    totalCents: roundCents(lines.reduce((s, l) => s + l.cents, 0)),
    unratedMinutes,
  };
}

/** Each member-day's worked cost less its task minutes' cost, and its paid time off and premium. */
function noTaskLines(range: CostedRange, person: (id: string) => { id: string; name: string }): { lines: Line[]; unratedMinutes: number } {
  const taskSums = new Map<string, { minutes: number; cents: number }>();
  for (const t of range.tasks) {
    const key = `${t.userId}|${t.date}`;
    const sum = taskSums.get(key) ?? { minutes: 0, cents: 0 };
    sum.minutes += t.minutes;
    sum.cents += t.cents;
    taskSums.set(key, sum);
  }
  const lines: Line[] = [];
  let unratedMinutes = 0;
  for (const [userId, mine] of range.days) {
    for (const d of mine.values()) {
      const worked = d.cost.lines.filter((l) => l.part === "regular" || l.part === "overtime" || l.part === "doubleTime");
      const tasks = taskSums.get(`${userId}|${d.minutes.date}`) ?? { minutes: 0, cents: 0 };
      const workedMinutes = d.minutes.regularMinutes + d.minutes.overtimeMinutes + (d.minutes.doubleTimeMinutes ?? 0);
      const minutes = workedMinutes - tasks.minutes;
      const cents = worked.reduce((s, l) => s + l.cents, 0) - tasks.cents;
      unratedMinutes += d.cost.unratedMinutes;
      if (minutes > 1e-9) lines.push({ date: d.minutes.date, member: person(userId), part: "noTask", task: null, minutes, centsPerHour: minutes > 0 ? (cents * 60) / minutes : 0, multiplier: 1, cents });
      for (const l of d.cost.lines.filter((x) => x.part === "pto" || x.part === "premium")) {
        lines.push({ date: l.date, member: person(userId), part: l.part, task: null, minutes: l.minutes, centsPerHour: l.centsPerHour, multiplier: l.multiplier, cents: l.cents });
      }
    }
  }
  return { lines, unratedMinutes };
}

/** The tasks a filter names, or null for a member's or the no-task lines; 404 for a filter that names nothing. */
async function taskFilterOf(query: Query): Promise<TaskFilter | null> {
  if (query.unitId) {
    if (!(await db.organizationalUnit.findUnique({ where: { id: query.unitId }, select: { id: true } }))) throw notFound("Department not found");
    return { organizationalUnitId: query.unitId };
  }
  if (query.projectId) {
    if (!(await db.project.findUnique({ where: { id: query.projectId }, select: { id: true } }))) throw notFound("Project not found");
    return { projectId: query.projectId };
  }
  if (query.processRunId) {
    if (!(await db.processRun.findUnique({ where: { id: query.processRunId }, select: { id: true } }))) throw notFound("Process run not found");
    return { processRunId: query.processRunId };
  }
  if (query.caseId) {
    const found = await db.memorialCase.findUnique({ where: { id: query.caseId }, select: { processRunId: true } });
    if (!found) throw notFound("Case not found");
    // A case's labour is its process run's tasks; a case without a run has none yet.
    return { processRunId: found.processRunId ?? "00000000-0000-0000-0000-000000000000" };
  }
  return null;
}
