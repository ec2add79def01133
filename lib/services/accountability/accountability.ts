import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { addDays, clockTime, dateKeyOf } from "@/lib/dates";
import { titleForReader } from "@/lib/tasks/task-title";
import { db } from "@/lib/db";
import { toCsv, type Cell } from "@/lib/exports/csv";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { isTaskVisible, type TaskViewer } from "@/lib/services/visibility/tasks";
import type {
  AccountabilityDetailItem,
  AccountabilityDetailQuery,
  AccountabilityDto,
  AccountabilityFigures,
  AccountabilityMetric,
  AccountabilityQuery,
  AccountabilityRow,
} from "@/lib/validations/accountability";
import { getTimePolicy } from "@/lib/services/time/policy";
import { countedEnd, hours, isForgottenPunch } from "@/lib/time/calc";
import { dayStartKey, loadDayStarts } from "./expected-starts";
import { punchCovers } from "@/lib/schedule/attendance";
import { shiftSpan } from "@/lib/schedule/format";
import { scheduledMinutes } from "@/lib/schedule/shift-times";
import { numbered } from "@/lib/services/tasks/next-display-number";

/**
 * "Who owes what" (/admin/accountability), for a period of business days [from, to]:
 *   - tasks: overdue now (due in the period), completed late / on time in the period, the
 *     on-time rate, open pickups (unassigned, due by the period's end) in the member's units;
 *   - punches: missed or late punch-ins against the expected start on business days, and
 *     forgotten punch-outs (isForgottenPunch: the time policy's limit, the forgotten-punch job's rule);
 *   - time corrections (TimeEdit rows) made in the period to the member's punches.
 *
 * Punch facts come from `collectPunchFacts`, on the time administration's rules (lib/time/calc.ts
 * and its policy): a corrected punch is read as corrected, and the forgotten limit is the one
 * an admin sets on the time settings.
 */

const HOUR = 3_600_000;
const OPEN = ["open", "in_progress", "blocked"] as const;

interface TaskFact {
  id: string;
  displayNumber: number;
  title: string;
  isPrivate: boolean;
  createdById: string;
  deletedAt: Date | null;
  dueDate: Date;
  completedAt: Date | null;
  assigneeId: string | null;
  unitId: string;
}

interface PunchFact {
  kind: "missedPunchIns" | "latePunchIns" | "forgottenPunchOuts" | "noShows" | "scheduledMinutes" | "workedMinutes";
  id: string;
  userId: string;
  when: Date | null;
  detail: string;
  /** Scheduled and worked time: what the fact adds to its figure. */
  ms?: number;
}

interface CorrectionFact {
  id: string;
  userId: string;
  when: Date;
  detail: string;
}

interface Facts {
  overdue: TaskFact[];
  completedLate: TaskFact[];
  completedOnTime: TaskFact[];
  openPickups: TaskFact[];
  punches: PunchFact[];
  corrections: CorrectionFact[];
  members: { id: string; name: string; unitIds: string[] }[];
  units: { id: string; name: string; memberIds: string[] }[];
}

/** The period's instants: the start of `from` to the start of the day after `to`, business zone. */
export function periodBounds(from: string, to: string) {
  return { start: combineDayAndTime(from, 0, "start"), end: combineDayAndTime(addDays(to, 1), 0, "start") };
}

const taskSelect = { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true, dueDate: true, completedAt: true, assigneeId: true, organizationalUnitId: true } as const;

async function collectFacts(period: AccountabilityQuery, now: Date): Promise<Facts> {
  const { start, end } = periodBounds(period.from, period.to);
  const [users, units, overdue, completed, pickups] = await Promise.all([
    db.user.findMany({ where: { isActive: true, ...MEMBERS_ONLY }, select: { id: true, firstName: true, lastName: true, memberships: { select: { unitId: true } } }, orderBy: [{ lastName: "asc" }, { firstName: "asc" }] }),
    db.organizationalUnit.findMany({ select: { id: true, name: true, memberships: { where: { user: { isActive: true } }, select: { userId: true } } }, orderBy: { name: "asc" } }),
    db.task.findMany({ where: { deletedAt: null, isRecurring: false, status: { in: [...OPEN] }, dueDate: { gte: start, lt: end.getTime() < now.getTime() ? end : now } }, select: taskSelect }),
    db.task.findMany({ where: { deletedAt: null, isRecurring: false, status: "completed", completedAt: { gte: start, lt: end } }, select: taskSelect }),
    db.task.findMany({ where: { deletedAt: null, isRecurring: false, status: { in: [...OPEN] }, assigneeId: null, vendorId: null, assignments: { none: {} }, dueDate: { lt: end } }, select: taskSelect }),
  ]);
  const fact = (t: (typeof overdue)[number]): TaskFact => ({ ...t, displayNumber: numbered(t.displayNumber), unitId: t.organizationalUnitId });
  const members = users.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), unitIds: u.memberships.map((m) => m.unitId) }));
  const { punches, corrections } = await collectPunchFacts(members.map((m) => m.id), period, now);
  return {
    overdue: overdue.map(fact),
    completedLate: completed.filter((t) => t.completedAt! > t.dueDate).map(fact),
    completedOnTime: completed.filter((t) => t.completedAt! <= t.dueDate).map(fact),
    openPickups: pickups.map(fact),
    punches,
    corrections,
    members,
    units: units.map((u) => ({ id: u.id, name: u.name, memberIds: u.memberships.map((m) => m.userId) })),
  };
}

/**
 * Punch-in, punch-out, schedule and correction facts of the period, from the punches, the
 * published shifts, time edits, expected starts (a day's first shift, else the expected start
 * time: loadDayStarts) and the time policy.
 */
export async function collectPunchFacts(userIds: string[], period: AccountabilityQuery, now: Date): Promise<{ punches: PunchFact[]; corrections: CorrectionFact[] }> {
  const { start, end } = periodBounds(period.from, period.to);
  const today = dateKeyOf(now);
  const days: string[] = [];
  for (let day = period.from; day <= period.to && day <= today; day = addDays(day, 1)) days.push(day);
  const [sessions, edits, starts, shifts, policy] = await Promise.all([
    // Every punch touching the period: worked time is clipped to it; the other facts read those begun in it.
    db.punchSession.findMany({
      where: { userId: { in: userIds }, punchInAt: { lt: end }, OR: [{ punchOutAt: null }, { punchOutAt: { gt: start } }] },
      select: { id: true, userId: true, punchInAt: true, punchOutAt: true, autoClosed: true, outReason: true },
      orderBy: { punchInAt: "asc" },
    }),
    db.timeEdit.findMany({ where: { createdAt: { gte: start, lt: end }, userId: { in: userIds } }, select: { id: true, createdAt: true, reason: true, userId: true, editedBy: { select: { firstName: true, lastName: true } } } }),
    loadDayStarts(db, userIds, days),
    // Published shifts with a member that have started by now (open shifts and drafts are nobody's schedule).
    db.shift.findMany({
      where: { userId: { in: userIds }, status: "published", startsAt: { gte: start, lt: end.getTime() < now.getTime() ? end : now } },
      select: { id: true, userId: true, startsAt: true, endsAt: true, breakMinutes: true, roleLabel: true, unit: { select: { name: true } } },
      orderBy: { startsAt: "asc" },
    }),
    getTimePolicy(),
  ]);
  const punches: PunchFact[] = [];
  const firstIn = new Map<string, Date>();
  const workedUntil = Math.min(end.getTime(), now.getTime());
  for (const s of sessions) {
    const worked = Math.min(countedEnd(s, now), workedUntil) - Math.max(s.punchInAt.getTime(), start.getTime());
    if (worked > 0) {
      punches.push({ kind: "workedMinutes", id: s.id, userId: s.userId, when: s.punchInAt, detail: `${clockTime(s.punchInAt)} – ${s.punchOutAt ? clockTime(s.punchOutAt) : "now"} · ${hours(worked)} h`, ms: worked });
    }
    if (s.punchInAt < start) continue;
    const key = `${s.userId}|${dateKeyOf(s.punchInAt)}`;
    if (!firstIn.has(key)) firstIn.set(key, s.punchInAt);
    if (isForgottenPunch(s, policy, now)) {
      const length = (s.punchOutAt ?? now).getTime() - s.punchInAt.getTime();
      punches.push({ kind: "forgottenPunchOuts", id: s.id, userId: s.userId, when: s.punchInAt, detail: s.punchOutAt ? `Punch lasted ${Math.floor(length / HOUR)} h` : `Still open after ${Math.floor(length / HOUR)} h` });
    }
  }
  const sessionsOf = Map.groupBy(sessions, (s) => s.userId);
  for (const shift of shifts) {
    const userId = shift.userId!;
    // The list shows each item's date and time beside its detail.
    const line = `${shiftSpan(shift.startsAt, shift.endsAt)} · ${shift.roleLabel ?? shift.unit.name}`;
    const ms = scheduledMinutes(shift) * 60_000;
    punches.push({ kind: "scheduledMinutes", id: shift.id, userId, when: shift.startsAt, detail: `${line} · ${hours(ms)} h`, ms });
    if (shift.endsAt <= now && !(sessionsOf.get(userId) ?? []).some((p) => punchCovers(p, shift.startsAt, shift.endsAt))) {
      punches.push({ kind: "noShows", id: `${shift.id}:no-show`, userId, when: shift.startsAt, detail: `No punch during the shift ${line}` });
    }
  }
  for (const day of days) {
    for (const userId of userIds) {
      const expected = starts.get(dayStartKey(userId, day));
      if (!expected) continue;
      const due = expected.at;
      const said = expected.shift ? `${expected.time}, the shift's start` : expected.time;
      const first = firstIn.get(`${userId}|${day}`);
      if (!first) {
        if (now > due) punches.push({ kind: "missedPunchIns", id: `${userId}:${day}`, userId, when: due, detail: `No punch-in on ${day} (expected ${said})` });
      } else if (first > due) {
        punches.push({ kind: "latePunchIns", id: `${userId}:${day}`, userId, when: first, detail: `Punched in at ${clockTime(first)} on ${day}, expected ${said} (${Math.round((first.getTime() - due.getTime()) / 60_000)} min late)` });
      }
    }
  }
  const corrections = edits.map((e) => ({ id: e.id, userId: e.userId, when: e.createdAt, detail: `${e.reason} (by ${e.editedBy.firstName} ${e.editedBy.lastName})` }));
  return { punches, corrections };
}

const minutesOf = (facts: PunchFact[], kind: PunchFact["kind"]) => Math.floor(facts.filter((p) => p.kind === kind).reduce((sum, p) => sum + (p.ms ?? 0), 0) / 60_000);

function figures(rows: { overdue: number; completedLate: number; completedOnTime: number; openPickups: number; punches: PunchFact[]; corrections: number }): AccountabilityFigures {
  const done = rows.completedLate + rows.completedOnTime;
  return {
    overdue: rows.overdue,
    completedLate: rows.completedLate,
    completedOnTime: rows.completedOnTime,
    onTimeRate: done === 0 ? null : Math.round((rows.completedOnTime / done) * 100),
    openPickups: rows.openPickups,
    missedPunchIns: rows.punches.filter((p) => p.kind === "missedPunchIns").length,
    latePunchIns: rows.punches.filter((p) => p.kind === "latePunchIns").length,
    forgottenPunchOuts: rows.punches.filter((p) => p.kind === "forgottenPunchOuts").length,
    timeCorrections: rows.corrections,
    scheduledMinutes: minutesOf(rows.punches, "scheduledMinutes"),
    workedMinutes: minutesOf(rows.punches, "workedMinutes"),
    noShows: rows.punches.filter((p) => p.kind === "noShows").length,
  };
}

export async function getAccountability(period: AccountabilityQuery, now = new Date()): Promise<AccountabilityDto> {
  const facts = await collectFacts(period, now);
  const unitName = new Map(facts.units.map((u) => [u.id, u.name]));
  // Every fact list grouped once by member and by department: one pass each, not one scan per
  // row (thousands of members times thousands of facts was seconds).
  const byMember = {
    overdue: Map.groupBy(facts.overdue, (t) => t.assigneeId),
    completedLate: Map.groupBy(facts.completedLate, (t) => t.assigneeId),
    completedOnTime: Map.groupBy(facts.completedOnTime, (t) => t.assigneeId),
    punches: Map.groupBy(facts.punches, (p) => p.userId),
    corrections: Map.groupBy(facts.corrections, (c) => c.userId),
  };
  const byUnit = {
    overdue: Map.groupBy(facts.overdue, (t) => t.unitId),
    completedLate: Map.groupBy(facts.completedLate, (t) => t.unitId),
    completedOnTime: Map.groupBy(facts.completedOnTime, (t) => t.unitId),
    openPickups: Map.groupBy(facts.openPickups, (t) => t.unitId),
  };
  const count = <T,>(groups: Map<string | null, T[]>, keys: Iterable<string>) => [...new Set(keys)].reduce((n, key) => n + (groups.get(key)?.length ?? 0), 0);
  const members: AccountabilityRow[] = facts.members.map((m) => ({
    id: m.id,
    name: m.name,
    detail: m.unitIds.map((u) => unitName.get(u) ?? "").filter(Boolean).join(", "),
    ...figures({
      overdue: count(byMember.overdue, [m.id]),
      completedLate: count(byMember.completedLate, [m.id]),
      completedOnTime: count(byMember.completedOnTime, [m.id]),
      openPickups: count(byUnit.openPickups, m.unitIds),
      punches: byMember.punches.get(m.id) ?? [],
      corrections: count(byMember.corrections, [m.id]),
    }),
  }));
  // A department with no active member and no task in the period has nothing to account for.
  const hasTasks = (unitId: string) => Object.values(byUnit).some((groups) => groups.has(unitId));
  const departments: AccountabilityRow[] = facts.units.filter((u) => u.memberIds.length > 0 || hasTasks(u.id)).map((u) => ({
    id: u.id,
    name: u.name,
    detail: `${u.memberIds.length} member${u.memberIds.length === 1 ? "" : "s"}`,
    ...figures({
      overdue: count(byUnit.overdue, [u.id]),
      completedLate: count(byUnit.completedLate, [u.id]),
      completedOnTime: count(byUnit.completedOnTime, [u.id]),
      openPickups: count(byUnit.openPickups, [u.id]),
      punches: [...new Set(u.memberIds)].flatMap((id) => byMember.punches.get(id) ?? []),
      corrections: count(byMember.corrections, u.memberIds),
    }),
  }));
  return { from: period.from, to: period.to, members, departments };
}

/** The drill-down list behind one figure of a member or a department. */
export async function getAccountabilityDetails(viewer: TaskViewer, query: AccountabilityDetailQuery, now = new Date()): Promise<{ items: AccountabilityDetailItem[] }> {
  const facts = await collectFacts(query, now);
  const unit = query.unitId ? facts.units.find((u) => u.id === query.unitId) : undefined;
  const member = query.userId ? facts.members.find((m) => m.id === query.userId) : undefined;
  const people = unit ? new Set(unit.memberIds) : member ? new Set([member.id]) : null;
  const taskItems = (tasks: TaskFact[], metric: AccountabilityMetric): AccountabilityDetailItem[] =>
    tasks
      .filter((t) => (metric === "openPickups" ? (unit ? t.unitId === unit.id : member ? member.unitIds.includes(t.unitId) : true) : unit ? t.unitId === unit.id : member ? t.assigneeId === member.id : true))
      .map((t) => {
        const visible = isTaskVisible(viewer, t);
        return {
          id: t.id,
          label: titleForReader(visible, `#${t.displayNumber} ${t.title}`),
          when: (metric === "completedLate" ? t.completedAt : t.dueDate)?.toISOString() ?? null,
          detail: metric === "completedLate" ? `Due ${t.dueDate.toISOString()}` : "",
          href: visible ? `/tasks/${t.id}` : null,
        };
      });
  let items: AccountabilityDetailItem[];
  switch (query.metric) {
    case "overdue":
      items = taskItems(facts.overdue, "overdue");
      break;
    case "completedLate":
      items = taskItems(facts.completedLate, "completedLate");
      break;
    case "openPickups":
      items = taskItems(facts.openPickups, "openPickups");
      break;
    case "timeCorrections":
      items = facts.corrections.filter((c) => !people || people.has(c.userId)).map((c) => ({ id: c.id, label: nameOf(facts, c.userId), when: c.when.toISOString(), detail: c.detail, href: null }));
      break;
    default:
      items = facts.punches
        .filter((p) => p.kind === query.metric && (!people || people.has(p.userId)))
        .map((p) => ({ id: p.id, label: nameOf(facts, p.userId), when: p.when?.toISOString() ?? null, detail: p.detail, href: null }));
  }
  return { items: items.slice(0, 500) };
}

const nameOf = (facts: Facts, userId: string) => facts.members.find((m) => m.id === userId)?.name ?? "";

const CSV_COLUMNS: [string, (r: AccountabilityRow) => string | number][] = [
  ["Name", (r) => r.name],
  ["Details", (r) => r.detail],
  ["Overdue tasks", (r) => r.overdue],
  ["Completed late", (r) => r.completedLate],
  ["Completed on time", (r) => r.completedOnTime],
  ["On-time rate (%)", (r) => (r.onTimeRate === null ? "" : r.onTimeRate)],
  ["Open pickups", (r) => r.openPickups],
  ["Missed punch-ins", (r) => r.missedPunchIns],
  ["Late punch-ins", (r) => r.latePunchIns],
  ["Forgotten punch-outs", (r) => r.forgottenPunchOuts],
  ["Time corrections", (r) => r.timeCorrections],
  ["Scheduled hours", (r) => hours(r.scheduledMinutes * 60_000)],
  ["Worked hours", (r) => hours(r.workedMinutes * 60_000)],
  ["No-shows", (r) => r.noShows],
];

export async function exportAccountabilityCsv(period: AccountabilityQuery, now = new Date()): Promise<string> {
  const data = await getAccountability(period, now);
  const rows: Cell[][] = [];
  for (const [type, list] of [["Member", data.members], ["Department", data.departments]] as const) {
    for (const row of list) rows.push([type, ...CSV_COLUMNS.map(([, get]) => get(row))]);
  }
  return toCsv(["Type", ...CSV_COLUMNS.map(([h]) => h)], rows);
}
