import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { dateColumnOf, dateKeyOf } from "@/lib/dates";
import { businessWeekRange } from "@/lib/dates/instants";
import { datesThrough, dueInstant } from "@/lib/recurrence/schedule";
import { activeSeriesWhere } from "@/lib/services/recurrence/generate-occurrences";
import { seriesRuleOf, seriesRuleSelect } from "@/lib/services/recurrence/series-rule";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { dayStartKey, loadDayStarts } from "@/lib/services/accountability/expected-starts";
import { findCaseConditions } from "./case-findings";
import { findShiftConditions } from "./shift-findings";
import { findTimeRuleConditions } from "./time-rule-findings";
import type { Finding, RuleForFindings } from "./finding";

/**
 * What each rule kind finds at an instant: the conditions that hold now, one finding
 * per (subject, occurrence). Pure reads; the engine (run-evaluation.ts) turns them into alerts
 * and resolves the alerts whose finding is gone, and the preview lists them as they are.
 *
 * Titles never go into a finding's message: a task's title is joined when an alert is read and
 * redacted for a reader who can't see the task (private tasks).
 */

type Db = PrismaClient | Prisma.TransactionClient;


const OPEN_STATUSES = ["open", "in_progress", "blocked"] as const;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const LIMIT = 5000;
/** How far back "skipped or late" occurrences are looked for. */
const RECURRENCE_LOOKBACK_DAYS = 7;

const taskSelect = {
  id: true,
  displayNumber: true,
  title: true,
  isPrivate: true,
  createdById: true,
  deletedAt: true,
  dueDate: true,
  priority: true,
  organizationalUnitId: true,
  assigneeId: true,
  occurrenceDate: true,
  assignee: { select: { firstName: true, lastName: true } },
  assignments: { select: { userId: true } },
} satisfies Prisma.TaskSelect;
type TaskRow = Prisma.TaskGetPayload<{ select: typeof taskSelect }>;

/** "5 h 3 min", "45 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const fullName = (u: { firstName: string; lastName: string } | null | undefined) => (u ? `${u.firstName} ${u.lastName}`.trim() : null);

function taskScope(rule: RuleForFindings): Prisma.TaskWhereInput {
  if (rule.scope === "department" && rule.scopeUnitId) return { organizationalUnitId: rule.scopeUnitId };
  if (rule.scope === "members") return { OR: [{ assigneeId: { in: rule.scopeUserIds } }, { assignments: { some: { userId: { in: rule.scopeUserIds } } } }] };
  return {};
}

function memberScope(rule: RuleForFindings): Prisma.UserWhereInput {
  if (rule.scope === "department" && rule.scopeUnitId) return { memberships: { some: { unitId: rule.scopeUnitId } } };
  if (rule.scope === "members") return { id: { in: rule.scopeUserIds } };
  return {};
}

function taskFinding(task: TaskRow, occurrence: string, message: string): Finding {
  const team = task.assignments.map((a) => a.userId);
  const subjectUserIds = [...new Set([...(task.assigneeId ? [task.assigneeId] : []), ...team])];
  return {
    subjectType: "task",
    subjectId: task.id,
    occurrence,
    userId: task.assigneeId,
    taskId: task.id,
    unitId: task.organizationalUnitId,
    href: `/tasks/${task.id}`,
    message,
    subjectUserIds,
    unitIds: [task.organizationalUnitId],
    task: { id: task.id, displayNumber: task.displayNumber, title: task.title, isPrivate: task.isPrivate, createdById: task.createdById, deletedAt: task.deletedAt },
    memberName: fullName(task.assignee),
  };
}

async function unitIdsOf(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const rows = userIds.length ? await db.unitMembership.findMany({ where: { userId: { in: userIds } }, select: { userId: true, unitId: true } }) : [];
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.unitId]);
  return map;
}

export async function findConditions(db: Db, rule: RuleForFindings, now: Date): Promise<Finding[]> {
  const threshold = rule.params.threshold;
  switch (rule.kind) {
    case "task_overdue": {
      const critical = rule.params.criticalThreshold ?? 0;
      const hoursFor = (priority: string) => (priority === "critical" ? Math.min(critical, threshold) : threshold);
      const earliest = Math.min(threshold, critical);
      const tasks = await db.task.findMany({
        where: { AND: [taskScope(rule), { deletedAt: null, isRecurring: false, status: { in: [...OPEN_STATUSES] }, dueDate: { lt: new Date(now.getTime() - earliest * HOUR) } }] },
        select: taskSelect,
        orderBy: { dueDate: "asc" },
        take: LIMIT,
      });
      return tasks
        .filter((t) => now.getTime() - t.dueDate.getTime() > hoursFor(t.priority) * HOUR)
        .map((t) => taskFinding(t, t.dueDate.toISOString(), `Overdue by ${formatDuration(now.getTime() - t.dueDate.getTime())}`));
    }
    case "process_step_overdue": {
      const tasks = await db.task.findMany({
        where: { AND: [taskScope(rule), { deletedAt: null, processRunId: { not: null }, status: { in: [...OPEN_STATUSES] }, dueDate: { lt: new Date(now.getTime() - threshold * HOUR) } }] },
        select: { ...taskSelect, processStepPosition: true },
        orderBy: { dueDate: "asc" },
        take: LIMIT,
      });
      return tasks.map((t) => taskFinding(t, t.dueDate.toISOString(), `Process step ${t.processStepPosition ?? ""} overdue by ${formatDuration(now.getTime() - t.dueDate.getTime())}`.replace("  ", " ")));
    }
    case "task_pickup": {
      const tasks = await db.task.findMany({
        where: {
          AND: [
            taskScope(rule),
            { deletedAt: null, isRecurring: false, status: { in: [...OPEN_STATUSES] }, assigneeId: null, vendorId: null, assignments: { none: {} }, dueDate: { lte: new Date(now.getTime() + threshold * HOUR) } },
          ],
        },
        select: taskSelect,
        orderBy: { dueDate: "asc" },
        take: LIMIT,
      });
      const unitMembers = await db.unitMembership.findMany({
        where: { unitId: { in: [...new Set(tasks.map((t) => t.organizationalUnitId))] }, user: { isActive: true } },
        select: { unitId: true, userId: true },
      });
      return tasks.map((t) => {
        const left = t.dueDate.getTime() - now.getTime();
        const finding = taskFinding(t, t.dueDate.toISOString(), left >= 0 ? `Due in ${formatDuration(left)} and nobody has picked it up` : `Was due ${formatDuration(-left)} ago and nobody has picked it up`);
        finding.subjectUserIds = unitMembers.filter((m) => m.unitId === t.organizationalUnitId).map((m) => m.userId);
        return finding;
      });
    }
    case "punch_open": {
      const punches = await db.punchSession.findMany({
        where: { punchOutAt: null, punchInAt: { lt: new Date(now.getTime() - threshold * HOUR) }, user: { isActive: true, ...memberScope(rule) } },
        select: { id: true, userId: true, punchInAt: true, user: { select: { firstName: true, lastName: true } } },
        take: LIMIT,
      });
      const units = await unitIdsOf(db, punches.map((p) => p.userId));
      return punches.map((p) => ({
        subjectType: "punch",
        subjectId: p.id,
        occurrence: "open",
        userId: p.userId,
        taskId: null,
        unitId: units.get(p.userId)?.[0] ?? null,
        href: "/time-logs",
        message: `Punched in ${formatDuration(now.getTime() - p.punchInAt.getTime())} ago and not punched out`,
        subjectUserIds: [p.userId],
        unitIds: units.get(p.userId) ?? [],
        task: null,
        memberName: fullName(p.user),
      }));
    }
    case "no_punch_in": {
      // The expected start of today: the first published shift starting today, else (business
      // days) the member's expected start time (loadDayStarts, docs/accountability.md).
      const today = dateKeyOf(now);
      const members = await db.user.findMany({ where: { isActive: true, ...MEMBERS_ONLY, ...memberScope(rule) }, select: { id: true, firstName: true, lastName: true } });
      const starts = await loadDayStarts(db, members.map((m) => m.id), [today]);
      const dayStart = combineDayAndTime(today, 0, "start");
      const due = members.filter((m) => {
        const start = starts.get(dayStartKey(m.id, today));
        return start !== undefined && now.getTime() - start.at.getTime() > threshold * MINUTE;
      });
      if (due.length === 0) return [];
      const punched = await db.punchSession.findMany({
        where: { userId: { in: due.map((m) => m.id) }, OR: [{ punchInAt: { gte: dayStart } }, { punchOutAt: null }, { punchOutAt: { gte: dayStart } }] },
        select: { userId: true },
        distinct: ["userId"],
      });
      const seen = new Set(punched.map((p) => p.userId));
      const units = await unitIdsOf(db, due.map((m) => m.id));
      return due
        .filter((m) => !seen.has(m.id))
        .map((m) => ({
          subjectType: "member",
          subjectId: m.id,
          occurrence: today,
          userId: m.id,
          taskId: null,
          unitId: units.get(m.id)?.[0] ?? null,
          href: "/time-logs",
          message: `No punch-in yet; expected at ${starts.get(dayStartKey(m.id, today))!.time}`,
          subjectUserIds: [m.id],
          unitIds: units.get(m.id) ?? [],
          task: null,
          memberName: fullName(m),
        }));
    }
    case "weekly_hours": {
      const { start } = businessWeekRange(now);
      const punches = await db.punchSession.findMany({
        where: { punchInAt: { lt: now }, OR: [{ punchOutAt: null }, { punchOutAt: { gt: start } }], user: { isActive: true, ...memberScope(rule) } },
        select: { userId: true, punchInAt: true, punchOutAt: true, user: { select: { firstName: true, lastName: true } } },
      });
      const totals = new Map<string, { ms: number; name: string | null }>();
      for (const p of punches) {
        const from = Math.max(p.punchInAt.getTime(), start.getTime());
        const to = Math.min((p.punchOutAt ?? now).getTime(), now.getTime());
        if (to <= from) continue;
        const entry = totals.get(p.userId) ?? { ms: 0, name: fullName(p.user) };
        entry.ms += to - from;
        totals.set(p.userId, entry);
      }
      const over = [...totals].filter(([, t]) => t.ms > threshold * HOUR);
      const units = await unitIdsOf(db, over.map(([id]) => id));
      const week = dateKeyOf(start);
      return over.map(([userId, t]) => ({
        subjectType: "member",
        subjectId: userId,
        occurrence: `week:${week}`,
        userId,
        taskId: null,
        unitId: units.get(userId)?.[0] ?? null,
        href: "/time-logs",
        message: `${formatDuration(t.ms)} punched this week (over ${threshold} h)`,
        subjectUserIds: [userId],
        unitIds: units.get(userId) ?? [],
        task: null,
        memberName: t.name,
      }));
    }
    case "recurrence_missed": {
      const windowStart = new Date(now.getTime() - RECURRENCE_LOOKBACK_DAYS * 24 * HOUR);
      const late = await db.task.findMany({
        where: { AND: [taskScope(rule), { deletedAt: null, occurrenceLate: true, recurrenceSourceId: { not: null }, status: { in: [...OPEN_STATUSES] }, createdAt: { gte: windowStart } }] },
        select: taskSelect,
        take: LIMIT,
      });
      const findings: Finding[] = late.map((t) => taskFinding(t, `late:${t.occurrenceDate ? dateKeyOf(t.occurrenceDate, "UTC") : t.dueDate.toISOString()}`, "Occurrence created after its due time"));
      const series = await db.task.findMany({
        where: { AND: [taskScope(rule), activeSeriesWhere] },
        select: { ...taskSelect, ...seriesRuleSelect, createdAt: true, recurrenceGenerateAfter: true },
        take: LIMIT,
      });
      const today = dateKeyOf(now);
      const firstDay = dateKeyOf(windowStart);
      const candidates: { series: (typeof series)[number]; day: string }[] = [];
      for (const s of series) {
        const rule2 = seriesRuleOf(s);
        const notBefore = [firstDay, dateKeyOf(s.createdAt), ...(s.recurrenceGenerateAfter ? [dateKeyOf(s.recurrenceGenerateAfter)] : [])].sort().at(-1)!;
        for (const { day } of datesThrough(rule2, today)) {
          if (!(day > notBefore || (day === notBefore && day !== dateKeyOf(s.createdAt)))) continue;
          if (now.getTime() - dueInstant(rule2, day).getTime() > threshold * HOUR) candidates.push({ series: s, day });
        }
      }
      // One read for every candidate's occurrence (no query per series).
      const existing = candidates.length
        ? await db.task.findMany({
            where: { recurrenceSourceId: { in: [...new Set(candidates.map((c) => c.series.id))] }, occurrenceDate: { in: [...new Set(candidates.map((c) => dateColumnOf(c.day).getTime()))].map((t) => new Date(t)) } },
            select: { recurrenceSourceId: true, occurrenceDate: true },
          })
        : [];
      const have = new Set(existing.map((e) => `${e.recurrenceSourceId}|${e.occurrenceDate ? dateKeyOf(e.occurrenceDate, "UTC") : ""}`));
      for (const { series: s, day } of candidates) {
        if (have.has(`${s.id}|${day}`)) continue;
        const finding = taskFinding(s, day, `Occurrence of ${day} was skipped`);
        finding.subjectType = "series";
        findings.push(finding);
      }
      return findings;
    }
    case "case_at_step":
    case "case_return_overdue":
      return findCaseConditions(db, rule.kind, threshold, now);
    case "shift_late":
    case "shift_no_show":
    case "shift_early_out":
    case "unscheduled_punch":
      return findShiftConditions(db, rule.kind, threshold, memberScope(rule), now);
    case "overtime_near_daily":
    case "overtime_near_weekly":
    case "break_due":
      return findTimeRuleConditions(db, rule.kind, threshold, memberScope(rule), now);
    default:
      return [];
  }
}
