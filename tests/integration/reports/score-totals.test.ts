/**
 * The scoreboard's SQL totals (lib/services/reports/score-totals.ts) against the readable
 * reference, `totalsByMember(scoreTasks(...))` and `longestOnTimeStreak` of
 * lib/reports/scoring.ts, on a generated month that exercises every rule: teams with and
 * without a lead, an assignee beside the team, vendors, no assignee (the completer), the quick-
 * complete guard (and completions stamped before the creation: bad data, not quick), checklists
 * past the cap, completions with unticked items or unfinished sub-tasks, claims (by a credited member, by someone else, twice),
 * completions either side of midnight in the business zone, contractors and volunteers, and
 * settings with odd weights and percentages. Equal to the cent, for every member and department.
 */
import { periodRange } from "@/lib/reports/period";
import { longestOnTimeStreak, scoreTasks, toScoringSettings, totalsByMember, type ScoringSettings } from "@/lib/reports/scoring";
import { loadScoredTasks, loadScoringPeople } from "@/lib/services/reports/load-scored-tasks";
import { loadScoreTotals } from "@/lib/services/reports/score-totals";
import { SCOREBOARD_SETTINGS_DEFAULTS } from "@/lib/validations/reports";
import { addMembership, createAuditLog, createTask, createUnit, createUser, createVendor } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const NOW = new Date("2026-11-25T18:00:00Z");
const range = periodRange("this-month", NOW);

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!, int: (n: number) => Math.floor(next() * n) };
}

beforeAll(async () => {
  const db = testDb.prisma;
  const r = random(19);
  const types = ["employee", "employee", "employee", "contractor", "volunteer"] as const;
  const users: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < 12; i++) users.push(await createUser(db, { firstName: `M${i}`, lastName: "Test", memberType: types[i % types.length] }));
  const units = [await createUnit(db, { name: "Aftercare" }), await createUnit(db, { name: "Front Desk" }), await createUnit(db, { name: "Kennels" })];
  for (const [i, u] of users.entries()) await addMembership(db, units[i % units.length]!.id, u.id);
  const vendor = await createVendor(db, {});
  const priorities = ["low", "normal", "high", "critical"] as const;
  const monthStart = range.start.getTime();

  for (let i = 0; i < 90; i++) {
    const completedAt = new Date(monthStart + r.int(24 * 24) * 3_600_000 + r.int(60) * 60_000);
    // Quick (minutes), same day, or days before the completion; due around the completion day,
    // often at night so that the business day differs from the UTC one.
    const createdAt = new Date(completedAt.getTime() - r.pick([3, 9, 11, 90, 2_000, 9_000, -600]) * 60_000);
    const dueDate = new Date(completedAt.getTime() + r.pick([-2, -1, 0, 0, 1, 3]) * 86_400_000 + r.pick([-5, 0, 4, 6]) * 3_600_000);
    const shape = r.int(6);
    const teamSize = shape === 1 ? 0 : r.int(5);
    const teamUsers = [...new Set(Array.from({ length: teamSize }, () => r.pick(users).id))];
    const leadIndex = r.next() < 0.5 ? r.int(teamUsers.length) : -1;
    const assignee = shape === 0 ? null : r.pick(users).id;
    const completer = r.pick(users).id;
    const creator = r.next() < 0.4 ? (assignee ?? completer) : r.pick(users).id;
    const task = await createTask(db, {
      title: `Task ${i}`,
      status: "completed",
      priority: r.pick(priorities),
      organizationalUnitId: r.pick(units).id,
      createdById: creator,
      assigneeId: assignee,
      assigneeType: assignee ? "user" : undefined,
      vendorId: !assignee && r.next() < 0.3 ? vendor.id : null,
      createdAt,
      dueDate,
      completedAt,
      completedById: r.next() < 0.1 ? null : completer,
      team: teamUsers.map((userId, k) => ({ userId, isLead: k === leadIndex })),
      checklist: Array.from({ length: r.pick([0, 0, 1, 3, 6]) }, (_, k) => `item ${k}`),
    });
    // Some checklists all ticked, some partly; some tasks completed with a sub-task still open.
    const tickAll = r.next() < 0.4;
    for (const item of task.checklistItems) {
      if (tickAll || r.next() < 0.3) await db.checklistItem.update({ where: { id: item.id }, data: { isCompleted: true, completedAt } });
    }
    if (r.next() < 0.15) {
      await createTask(db, { title: `Sub ${i}`, organizationalUnitId: task.organizationalUnitId, createdById: creator, parentTaskId: task.id, status: r.pick(["open", "completed", "cancelled"] as const) });
    }
    for (let c = r.pick([0, 0, 1, 2]); c > 0; c--) {
      const claimer = r.next() < 0.6 ? (assignee ?? completer) : r.pick(users).id;
      await createAuditLog(db, { actorId: claimer, action: "task.claim", entityType: "task", entityId: task.id, createdAt: new Date(createdAt.getTime() + c * 60_000) });
    }
  }
});

async function reference(settings: ScoringSettings) {
  const tasks = await loadScoredTasks(range);
  const ids = new Set(tasks.flatMap((t) => [t.assigneeId, t.completedById, ...t.team.map((m) => m.userId)]).filter((id): id is string => id !== null));
  const people = await loadScoringPeople([...ids]);
  const credits = scoreTasks(tasks, people.members, settings);
  const members = totalsByMember(credits, people.names).map((t) => ({
    userId: t.userId,
    points: t.points,
    tasks: t.tasks,
    onTime: t.onTime,
    pickups: t.pickups,
    streak: longestOnTimeStreak(credits.filter((c) => c.userId === t.userId)),
  }));
  const unitOf = new Map(tasks.map((t) => [t.id, t.unitId]));
  const units = new Map<string, { unitId: string; points: number; tasks: Set<string> }>();
  for (const c of credits) {
    const unitId = unitOf.get(c.taskId)!;
    const u = units.get(unitId) ?? { unitId, points: 0, tasks: new Set<string>() };
    u.points = Math.round((u.points + c.points) * 100) / 100;
    u.tasks.add(c.taskId);
    units.set(unitId, u);
  }
  return { members, units: [...units.values()].map((u) => ({ unitId: u.unitId, points: u.points, tasks: u.tasks.size })), credits: credits.length };
}

const byId = <T extends { userId?: string; unitId?: string }>(rows: T[]) => [...rows].sort((a, b) => (a.userId ?? a.unitId ?? "").localeCompare(b.userId ?? b.unitId ?? ""));

describe("the scoreboard's SQL totals", () => {
  const cases: Array<[string, ScoringSettings]> = [
    ["the default settings", toScoringSettings(SCOREBOARD_SETTINGS_DEFAULTS)],
    [
      "odd weights, no exclusions, a large lead share",
      toScoringSettings({ ...SCOREBOARD_SETTINGS_DEFAULTS, weightLow: 0.7, weightNormal: 1.3, weightHigh: 2.9, weightCritical: 7.1, onTimeBonusPercent: 33, latePercent: 17, pickupBonus: 1.15, checklistItemPoints: 0.35, checklistMaxPoints: 1.4, leadSharePercent: 65, quickCompleteMinutes: 12, excludeContractors: false, excludeVolunteers: false }),
    ],
    [
      "only volunteers excluded, no late credit, no lead share",
      toScoringSettings({ ...SCOREBOARD_SETTINGS_DEFAULTS, latePercent: 0, leadSharePercent: 0, excludeContractors: false, excludeVolunteers: true, quickCompleteMinutes: 0 }),
    ],
  ];

  it.each(cases)("equal the reference to the cent: %s", async (_label, settings) => {
    const expected = await reference(settings);
    const actual = await loadScoreTotals(range, settings);
    expect(expected.credits).toBeGreaterThan(60);
    expect(byId(actual.members)).toEqual(byId(expected.members));
    expect(byId(actual.units)).toEqual(byId(expected.units));
  });

  it("covers the rules it claims to: quick completes, pickups, streaks and exclusions all occur", async () => {
    const defaults = await loadScoreTotals(range, toScoringSettings(SCOREBOARD_SETTINGS_DEFAULTS));
    const everyone = await loadScoreTotals(range, cases[1]![1]);
    expect(defaults.members.some((m) => m.pickups > 0)).toBe(true);
    expect(defaults.members.some((m) => m.streak > 1)).toBe(true);
    expect(defaults.members.some((m) => m.tasks > m.onTime)).toBe(true);
    expect(everyone.members.length).toBeGreaterThan(defaults.members.length);
    const credits = scoreTasks(await loadScoredTasks(range), (await loadScoringPeople([])).members, toScoringSettings(SCOREBOARD_SETTINGS_DEFAULTS));
    expect(credits.some((c) => c.reason === "quick-complete")).toBe(true);
    expect(credits.some((c) => c.share < 1 && c.isLead)).toBe(true);
  });
});
