import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { periodRange, type PeriodRange } from "@/lib/reports/period";
import { rank, toScoringSettings, type ScoringSettings } from "@/lib/reports/scoring";
import { SCOREBOARD_PERIOD_LABELS, type ScoreboardPeriod } from "@/lib/reports/options";
import { loadScoringPeople, type ScoringPeople } from "./load-scored-tasks";
import { loadScoreTotals, type ScoreTotals } from "./score-totals";
import type { Highlight, Scoreboard } from "@/lib/validations/reports";
import { getScoreboardSettings } from "./scoreboard-settings";

/** Whether the caller may see other members' names and breakdowns under the settings. */
export function namesVisibleTo(caller: Caller, staffSeeNames: boolean): boolean {
  return staffSeeNames || can(caller, "scoreboard.read.names");
}

function isExcluded(memberType: string, s: ScoringSettings): boolean {
  return (s.excludeContractors && memberType === "contractor") || (s.excludeVolunteers && memberType === "volunteer");
}

/** The rankings and highlights of a period (docs/reports.md): the period's and the previous one's totals, in SQL. */
export async function getScoreboard(caller: Caller, period: ScoreboardPeriod, now = new Date()): Promise<Scoreboard> {
  const range = periodRange(period, now);
  const stored = await getScoreboardSettings();
  const settings = toScoringSettings(stored);
  const [current, previous] = await Promise.all([loadScoreTotals(range, settings), loadPreviousTotals(range.previous, settings)]);
  const people = await loadScoringPeople([...new Set([...current.members, ...previous.members].map((m) => m.userId))]);

  const rankable = new Map([...people.names].filter(([id]) => {
    const m = people.members.get(id);
    return m && !isExcluded(m.memberType, settings);
  }));
  const totals = current.members.filter((t) => rankable.has(t.userId)).map((t) => ({ ...t, name: rankable.get(t.userId)! }));
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

  const byUnit = new Map(current.units.map((u) => [u.unitId, u]));
  // A unit with no active member and no points in the period is not a team to rank (an emptied or
  // never-staffed unit); a large organization has hundreds of them.
  const departments = rank(
    [...people.units].filter(([unitId]) => byUnit.has(unitId) || people.staffedUnits.has(unitId)).map(([unitId, name]) => ({ unitId, name, points: byUnit.get(unitId)?.points ?? 0, tasks: byUnit.get(unitId)?.tasks ?? 0 })),
    (d) => d.name,
  ).map(({ rank: r, row }) => ({ rank: r, ...row }));

  const nameFor = (userId: string) => (visible || userId === caller.userId ? (people.names.get(userId) ?? null) : null);
  const best = (rows: Array<{ userId: string; value: number }>): Highlight | null => {
    const top = rows.filter((r) => r.value > 0).sort((a, b) => b.value - a.value || (people.names.get(a.userId) ?? "").localeCompare(people.names.get(b.userId) ?? ""))[0];
    return top ? { userId: visible || top.userId === caller.userId ? top.userId : "", name: nameFor(top.userId), value: Math.round(top.value * 100) / 100 } : null;
  };
  const previousPoints = new Map(previous.members.map((t) => [t.userId, t.points]));

  return {
    period,
    periodLabel: SCOREBOARD_PERIOD_LABELS[period],
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    namesVisible: visible,
    members,
    departments,
    highlights: {
      mostImproved: best(totals.map((t) => ({ userId: t.userId, value: t.points - (previousPoints.get(t.userId) ?? 0) }))),
      onTimeStreak: best(totals.map((t) => ({ userId: t.userId, value: t.streak }))),
      pickupsHero: best(totals.map((t) => ({ userId: t.userId, value: t.pickups }))),
    },
  };
}

/**
 * A finished period's totals, kept by each process for a few minutes. Only the "most improved"
 * highlight reads them, and they change only when a task completed back then is edited; without
 * the cache every scoreboard request paid for two periods' statements (≈ 70 + 100 ms of
 * Postgres at 100k tasks), which is what held it to 6 requests/s (docs/performance.md).
 */
const PREVIOUS_PERIOD_TTL_MS = 5 * 60_000;
const previousTotals = new Map<string, { at: number; totals: Promise<ScoreTotals> }>();

function loadPreviousTotals(range: PeriodRange, settings: ScoringSettings): Promise<ScoreTotals> {
  const now = Date.now();
  for (const [key, entry] of previousTotals) if (now - entry.at >= PREVIOUS_PERIOD_TTL_MS) previousTotals.delete(key);
  const key = JSON.stringify([range.start, range.end, settings]);
  const hit = previousTotals.get(key);
  if (hit) return hit.totals;
  const totals = loadScoreTotals(range, settings);
  previousTotals.set(key, { at: now, totals });
  totals.catch(() => previousTotals.delete(key));
  return totals;
}

function departmentName(people: ScoringPeople, userId: string): string | null {
  const unitId = people.unitOf.get(userId);
  return unitId ? (people.units.get(unitId) ?? null) : null;
}
