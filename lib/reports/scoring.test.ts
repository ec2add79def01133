import { DEFAULT_SCORING, creditShares, isOnTime, longestOnTimeStreak, rank, scoreTasks, totalsByMember, type ScoredTask, type ScoringMember } from "./scoring";

const TZ = "America/Chicago";
const A = "a", B = "b", C = "c", X = "contractor", V = "volunteer";
const members = new Map<string, ScoringMember>([
  [A, { id: A, memberType: "employee" }],
  [B, { id: B, memberType: "employee" }],
  [C, { id: C, memberType: "employee" }],
  [X, { id: X, memberType: "contractor" }],
  [V, { id: V, memberType: "volunteer" }],
]);

/** A normal-priority task created by someone else a day before, due Friday 2026-11-20 (Chicago). */
function task(over: Partial<ScoredTask> = {}): ScoredTask {
  return {
    id: "t1",
    status: "completed",
    priority: "normal",
    createdAt: new Date("2026-11-18T15:00:00Z"),
    dueDate: new Date("2026-11-20T23:00:00Z"),
    completedAt: new Date("2026-11-19T16:00:00Z"),
    createdById: "someone-else",
    completedById: A,
    assigneeId: A,
    vendorId: null,
    team: [],
    checklistCount: 0,
    claimedById: null,
    ...over,
  };
}

const points = (tasks: ScoredTask[], settings = DEFAULT_SCORING) =>
  Object.fromEntries(scoreTasks(tasks, members, settings, TZ).map((c) => [`${c.taskId}:${c.userId}`, c.points]));

describe("scoreTasks: a table of cases", () => {
  const cases: Array<[string, ScoredTask[], Record<string, number>, typeof DEFAULT_SCORING?]> = [
    ["low on time: 1 + 50%", [task({ priority: "low" })], { "t1:a": 1.5 }],
    ["normal on time: 2 + 50%", [task()], { "t1:a": 3 }],
    ["high on time: 3 + 50%", [task({ priority: "high" })], { "t1:a": 4.5 }],
    ["critical on time: 5 + 50%", [task({ priority: "critical" })], { "t1:a": 7.5 }],
    ["late earns 50% of the weight", [task({ completedAt: new Date("2026-11-23T16:00:00Z") })], { "t1:a": 1 }],
    ["late never goes negative, even at 0%", [task({ completedAt: new Date("2026-11-23T16:00:00Z") })], { "t1:a": 0 }, { ...DEFAULT_SCORING, latePercent: -40 }],
    // Due Friday 17:00 Chicago (23:00Z); done Friday 23:30 Chicago = Saturday 05:30Z: still Friday in the business zone.
    ["on time is the due date's business day, not UTC's", [task({ completedAt: new Date("2026-11-21T05:30:00Z") })], { "t1:a": 3 }],
    ["the next business-zone day is late", [task({ completedAt: new Date("2026-11-21T06:30:00Z") })], { "t1:a": 1 }],
    ["checklist: 0.25 per item", [task({ checklistCount: 2 })], { "t1:a": 3.5 }],
    ["checklist: capped at 1 (lightly)", [task({ checklistCount: 12 })], { "t1:a": 4 }],
    ["pickup claimed and completed: +1", [task({ claimedById: A })], { "t1:a": 4 }],
    ["pickup claimed by someone no longer credited: no bonus", [task({ claimedById: B })], { "t1:a": 3 }],
    [
      "team with a lead: lead 40%, the rest split evenly",
      [task({ assigneeId: null, team: [{ userId: A, isLead: true }, { userId: B, isLead: false }, { userId: C, isLead: false }] })],
      { "t1:a": 1.2, "t1:b": 0.9, "t1:c": 0.9 },
    ],
    [
      "team without a lead: an even split",
      [task({ assigneeId: null, team: [{ userId: A, isLead: false }, { userId: B, isLead: false }] })],
      { "t1:a": 1.5, "t1:b": 1.5 },
    ],
    [
      "the assignee joins the team when not on it",
      [task({ assigneeId: C, team: [{ userId: A, isLead: true }, { userId: B, isLead: false }] })],
      { "t1:a": 1.2, "t1:b": 0.9, "t1:c": 0.9 },
    ],
    ["no assignee and no team: the completer", [task({ assigneeId: null, completedById: B })], { "t1:b": 3 }],
    ["a vendor's task: nobody", [task({ assigneeId: null, vendorId: "v1", completedById: B })], {}],
    ["reopened (not completed now): no points", [task({ status: "open", completedAt: null, reopenCount: 1 })], {}],
    ["reopened and completed again: counts like one completion", [task({ reopenCount: 1 })], { "t1:a": 3 }],
    ["completed and reopened many times, listed twice: counts once", [task({ reopenCount: 5 }), task({ reopenCount: 5 })], { "t1:a": 3 }],
    ["self-created and completed within minutes: nothing", [task({ createdById: A, createdAt: new Date("2026-11-19T15:55:00Z") })], { "t1:a": 0 }],
    ["self-created quick complete earns no pickup either", [task({ createdById: A, createdAt: new Date("2026-11-19T15:55:00Z"), claimedById: A })], { "t1:a": 0 }],
    ["self-created, completed later: full points", [task({ createdById: A, createdAt: new Date("2026-11-19T15:00:00Z") })], { "t1:a": 3 }],
    ["created by someone else, completed in minutes: full points", [task({ createdAt: new Date("2026-11-19T15:58:00Z") })], { "t1:a": 3 }],
    // A completion stamped before the creation is bad data, not speed (seeded demo tasks were).
    ["self-created, completed 'before' it was created: full points, not quick", [task({ createdById: A, createdAt: new Date("2026-11-20T16:00:00Z") })], { "t1:a": 3 }],
    ["self-created, completed the minute it was created: still quick", [task({ createdById: A, createdAt: new Date("2026-11-19T16:00:00Z") })], { "t1:a": 0 }],
    // Completed with open items: no on-time bonus, and only ticked items earn checklist points.
    ["on time with an unticked checklist item: the weight only, plus the ticked items", [task({ checklistCount: 3, openChecklistItems: 1 })], { "t1:a": 2.5 }],
    ["on time with an open sub-task: the weight only", [task({ openSubTasks: 2 })], { "t1:a": 2 }],
    ["late with open items stays late", [task({ completedAt: new Date("2026-11-23T16:00:00Z"), openSubTasks: 1 })], { "t1:a": 1 }],
    ["every item ticked: the full on-time bonus", [task({ checklistCount: 2, openChecklistItems: 0, openSubTasks: 0 })], { "t1:a": 3.5 }],
    ["contractor excluded", [task({ assigneeId: X })], {}],
    ["volunteer excluded", [task({ assigneeId: V })], {}],
    ["contractor counted when the settings include them", [task({ assigneeId: X })], { "t1:contractor": 3 }, { ...DEFAULT_SCORING, excludeContractors: false }],
    [
      "an excluded team member's share is not handed to the others",
      [task({ assigneeId: null, team: [{ userId: A, isLead: false }, { userId: X, isLead: false }] })],
      { "t1:a": 1.5 },
    ],
    ["custom weights", [task({ priority: "critical" })], { "t1:a": 10 }, { ...DEFAULT_SCORING, weights: { low: 1, normal: 2, high: 4, critical: 8 }, onTimeBonusPercent: 25 }],
  ];

  // Every row gets its settings explicitly (jest passes a done callback in place of a missing argument).
  it.each(cases.map(([name, tasks, expected, settings]) => [name, { tasks, expected, settings: settings ?? DEFAULT_SCORING }] as const))("%s", (_name, { tasks, expected, settings }) => {
    expect(points(tasks, settings)).toEqual(expected);
  });
});

describe("ties and ranking", () => {
  it("equal points share a rank, listed by name; the next rank skips", () => {
    const rows = [
      { name: "Zoe", points: 6 },
      { name: "Ann", points: 6 },
      { name: "Bob", points: 9 },
      { name: "Cid", points: 1 },
    ];
    expect(rank(rows, (r) => r.name).map((r) => [r.rank, r.row.name])).toEqual([
      [1, "Bob"],
      [2, "Ann"],
      [2, "Zoe"],
      [4, "Cid"],
    ]);
  });

  it("two members with the same tasks tie", () => {
    const credits = scoreTasks([task({ id: "t1", assigneeId: A }), task({ id: "t2", assigneeId: B, completedById: B })], members, DEFAULT_SCORING, TZ);
    const totals = totalsByMember(credits, new Map([[A, "Ann"], [B, "Bob"]]));
    expect(rank(totals, (t) => t.name).map((r) => [r.rank, r.row.name, r.row.points])).toEqual([
      [1, "Ann", 3],
      [1, "Bob", 3],
    ]);
  });
});

describe("helpers", () => {
  it("isOnTime compares business days", () => {
    expect(isOnTime(new Date("2026-11-21T05:59:00Z"), new Date("2026-11-20T15:00:00Z"), TZ)).toBe(true);
    expect(isOnTime(new Date("2026-11-21T06:00:00Z"), new Date("2026-11-20T15:00:00Z"), TZ)).toBe(false);
  });

  it("a lone lead takes everything", () => {
    expect(creditShares({ team: [{ userId: A, isLead: true }], assigneeId: null, vendorId: null, completedById: A }, 40)).toEqual([{ userId: A, share: 1, isLead: true }]);
  });

  it("a completion with open items is not on time: no on-time count, no streak", () => {
    const [credit] = scoreTasks([task({ openChecklistItems: 1, checklistCount: 1 })], members, DEFAULT_SCORING, TZ);
    expect(credit).toMatchObject({ onTime: false, basePoints: 2, checklistPoints: 0, reason: null });
    expect(totalsByMember([credit], new Map([[A, "Avery"]]))[0]).toMatchObject({ tasks: 1, onTime: 0, points: 2 });
  });

  it("the longest on-time streak ignores guarded tasks", () => {
    const c = (onTime: boolean, reason: "quick-complete" | null = null) => ({ onTime, reason });
    expect(longestOnTimeStreak([c(true), c(true), c(false), c(true), c(true), c(true), c(true, "quick-complete"), c(true)])).toBe(3);
  });
});
