import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { periodRange } from "@/lib/scoreboard/period";
import { longestOnTimeStreak, rank, scoreTasks, toScoringSettings, totalsByMember, type ScoringSettings } from "@/lib/scoreboard/scoring";
import { SCOREBOARD_PERIOD_LABELS, type ScoreboardPeriod } from "@/lib/validations/reports";
import { loadScoredTasks, loadScoringPeople, type ScoringPeople } from "./load-scored-tasks";
import { getScoreboardSettings } from "./settings";

export interface ScoreboardMemberRow {
  rank: number;
  userId: string;
  /** Null when the settings hide other members' names from the caller. */
  name: string | null;
  department: string | null;
  points: number;
  tasks: number;
  onTime: number;
  pickups: number;
  isMe: boolean;
}

export interface ScoreboardDepartmentRow {
  rank: number;
  unitId: string;
  name: string;
  points: number;
  tasks: number;
}

export interface Highlight {
  userId: string;
  name: string | null;
  value: number;
}

export interface Scoreboard {
  period: ScoreboardPeriod;
  periodLabel: string;
  start: string;
  end: string;
  /** Whether the caller sees every member's name and breakdown (else only their own row). */
  namesVisible: boolean;
  members: ScoreboardMemberRow[];
  departments: ScoreboardDepartmentRow[];
  highlights: { mostImproved: Highlight | null; onTimeStreak: Highlight | null; pickupsHero: Highlight | null };
}

/** Whether the caller may see other members' names and breakdowns under the settings. */
export function namesVisibleTo(caller: Caller, staffSeeNames: boolean): boolean {
  return staffSeeNames || can(caller, "scoreboard.read.names");
}

function isExcluded(memberType: string, s: ScoringSettings): boolean {
  return (s.excludeContractors && memberType === "contractor") || (s.excludeVolunteers && memberType === "volunteer");
}

/** The rankings and highlights of a period (docs/reports.md). Two reads: the period and the one before. */
export async function getScoreboard(caller: Caller, period: ScoreboardPeriod, now = new Date()): Promise<Scoreboard> {
  const range = periodRange(period, now);
  const stored = await getScoreboardSettings();
  const settings = toScoringSettings(stored);
  const [currentTasks, previousTasks] = await Promise.all([loadScoredTasks(range), loadScoredTasks(range.previous)]);
  const current = { tasks: currentTasks };
  const previous = { tasks: previousTasks };
  const credited = new Set<string>();
  for (const t of [...current.tasks, ...previous.tasks]) {
    if (t.assigneeId) credited.add(t.assigneeId);
    if (t.completedById) credited.add(t.completedById);
    for (const m of t.team) credited.add(m.userId);
  }
  const people = await loadScoringPeople([...credited]);
  const credits = scoreTasks(current.tasks, people.members, settings);
  const previousCredits = scoreTasks(previous.tasks, people.members, settings);

  const rankable = new Map([...people.names].filter(([id]) => {
    const m = people.members.get(id);
    return m && !isExcluded(m.memberType, settings);
  }));
  const totals = totalsByMember(credits, rankable);
  const scored = new Set(totals.map((t) => t.userId));
  const withZero = [...rankable.keys()].filter((id) => !scored.has(id)).map((userId) => ({ userId, name: rankable.get(userId)!, points: 0, tasks: 0, onTime: 0, pickups: 0 }));
  const visible = namesVisibleTo(caller, stored.staffSeeNames);
  const ranked = rank([...totals, ...withZero], (r) => r.name);
  const members = ranked
    .map(({ rank: r, row }) => ({
      rank: r,
      userId: row.userId,
      name: row.name,
      department: departmentName(people, row.userId),
      points: row.points,
      tasks: row.tasks,
      onTime: row.onTime,
      pickups: row.pickups,
      isMe: row.userId === caller.userId,
    }))
    .filter((row) => visible || row.isMe);

  const unitOfTask = new Map(current.tasks.map((t) => [t.id, t.unitId]));
  const byUnit = new Map<string, { points: number; tasks: Set<string> }>();
  for (const c of credits) {
    const unitId = unitOfTask.get(c.taskId)!;
    const u = byUnit.get(unitId) ?? { points: 0, tasks: new Set<string>() };
    u.points = Math.round((u.points + c.points) * 100) / 100;
    u.tasks.add(c.taskId);
    byUnit.set(unitId, u);
  }
  // A unit with no active member and no points in the period is not a team to rank (an emptied or
  // never-staffed unit); a large organization has hundreds of them.
  const departments = rank(
    [...people.units].filter(([unitId]) => byUnit.has(unitId) || people.staffedUnits.has(unitId)).map(([unitId, name]) => ({ unitId, name, points: byUnit.get(unitId)?.points ?? 0, tasks: byUnit.get(unitId)?.tasks.size ?? 0 })),
    (d) => d.name,
  ).map(({ rank: r, row }) => ({ rank: r, ...row }));

  const nameFor = (userId: string) => (visible || userId === caller.userId ? (people.names.get(userId) ?? null) : null);
  const best = (rows: Array<{ userId: string; value: number }>): Highlight | null => {
    const top = rows.filter((r) => r.value > 0).sort((a, b) => b.value - a.value || (people.names.get(a.userId) ?? "").localeCompare(people.names.get(b.userId) ?? ""))[0];
    return top ? { userId: visible || top.userId === caller.userId ? top.userId : "", name: nameFor(top.userId), value: Math.round(top.value * 100) / 100 } : null;
  };
  const previousTotals = new Map(totalsByMember(previousCredits, rankable).map((t) => [t.userId, t.points]));
  // Each member's credits in completion order, grouped in one pass (not one scan per member:
  // with thousands of members that was the scoreboard's hot spot).
  const completedAt = new Map(current.tasks.map((t) => [t.id, t.completedAt!.getTime()]));
  const creditsOf = Map.groupBy(credits, (c) => c.userId);
  const streaks = [...creditsOf]
    .filter(([userId]) => rankable.has(userId))
    .map(([userId, own]) => ({ userId, value: longestOnTimeStreak(own.sort((a, b) => completedAt.get(a.taskId)! - completedAt.get(b.taskId)!)) }));

  return {
    period,
    periodLabel: SCOREBOARD_PERIOD_LABELS[period],
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    namesVisible: visible,
    members,
    departments,
    highlights: {
      mostImproved: best(totals.map((t) => ({ userId: t.userId, value: t.points - (previousTotals.get(t.userId) ?? 0) }))),
      onTimeStreak: best(streaks),
      pickupsHero: best(totals.map((t) => ({ userId: t.userId, value: t.pickups }))),
    },
  };
}

function departmentName(people: ScoringPeople, userId: string): string | null {
  const unitId = people.unitOf.get(userId);
  return unitId ? (people.units.get(unitId) ?? null) : null;
}
