import { buildRows, conflictsOf, datesAfter, groupByWeek, NO_PROJECT, shiftDays, spanOf, type GanttTask } from "./timeline-model";
import { ticksFor } from "./scale";

const task = (id: string, extra: Partial<GanttTask> = {}): GanttTask => ({
  id,
  displayNumber: Number(id.replace(/\D/g, "")) || 1,
  title: `Task ${id}`,
  status: "open",
  startDate: "2026-11-02T06:00:00.000Z",
  dueDate: "2026-11-04T05:59:59.999Z",
  projectId: null,
  parentTaskId: null,
  progress: 0,
  canEdit: true,
  ...extra,
});

describe("spanOf", () => {
  it("is a milestone at the due date without a start date, and never ends before it starts", () => {
    expect(spanOf({ startDate: null, dueDate: "2026-11-04T00:00:00.000Z" })).toEqual({ start: Date.parse("2026-11-04T00:00:00.000Z"), end: Date.parse("2026-11-04T00:00:00.000Z"), milestone: true });
    expect(spanOf({ startDate: "2026-11-05T00:00:00.000Z", dueDate: "2026-11-04T00:00:00.000Z" }).start).toBe(Date.parse("2026-11-04T00:00:00.000Z"));
  });
});

describe("buildRows", () => {
  const projects = [
    { id: "pz", name: "Zinnia garden", color: null },
    { id: "pa", name: "Autumn memorial", color: "#aa0000" },
  ];
  it("groups by project name with No project last, sub-tasks indented under their parent, and summaries", () => {
    const rows = buildRows(
      [
        task("t1"),
        task("t2", { projectId: "pz", status: "completed" }),
        task("t3", { projectId: "pz", parentTaskId: "t4" }),
        task("t4", { projectId: "pz", startDate: "2026-11-01T06:00:00.000Z" }),
        task("t5", { projectId: "pa", dueDate: "2026-11-20T05:59:59.999Z", status: "cancelled" }),
        task("t6", { parentTaskId: "hidden-or-elsewhere" }),
      ],
      projects,
      new Set(),
    );
    expect(rows.map((r) => (r.kind === "group" ? `[${r.name}]` : `${"  ".repeat(r.depth)}${r.task.id}`))).toEqual([
      "[Autumn memorial]",
      "t5",
      "[Zinnia garden]",
      "t2",
      "t4",
      "  t3",
      `[${NO_PROJECT}]`,
      "t1",
      "t6",
    ]);
    const zinnia = rows[2];
    expect(zinnia.kind === "group" && [zinnia.start, zinnia.end, zinnia.progress, zinnia.count]).toEqual([
      Date.parse("2026-11-01T06:00:00.000Z"),
      Date.parse("2026-11-04T05:59:59.999Z"),
      33,
      3,
    ]);
    // Only cancelled work: 0 %, not a division by zero.
    expect(rows[0].kind === "group" && rows[0].progress).toBe(0);
  });

  it("a collapsed group keeps its header only; an empty chart has no rows", () => {
    const rows = buildRows([task("t1", { projectId: "pa" }), task("t2")], projects, new Set(["pa"]));
    expect(rows.map((r) => r.key)).toEqual(["group:pa", "group:", "t2"]);
    expect(buildRows([], projects, new Set())).toEqual([]);
  });
});

describe("conflictsOf", () => {
  it("flags a successor that starts before its predecessor is due, including milestones", () => {
    const a = task("t1", { dueDate: "2026-11-05T00:00:00.000Z" });
    const ok = task("t2", { startDate: "2026-11-05T00:00:00.000Z", dueDate: "2026-11-06T00:00:00.000Z" });
    const early = task("t3", { startDate: "2026-11-04T00:00:00.000Z", dueDate: "2026-11-06T00:00:00.000Z" });
    const milestone = task("t4", { startDate: null, dueDate: "2026-11-03T00:00:00.000Z" });
    const result = conflictsOf([a, ok, early, milestone], [
      { taskId: "t2", dependsOnTaskId: "t1" },
      { taskId: "t3", dependsOnTaskId: "t1" },
      { taskId: "t4", dependsOnTaskId: "t1" },
      { taskId: "t3", dependsOnTaskId: "missing" },
    ]);
    expect(Object.fromEntries(result)).toEqual({ t3: [1], t4: [1] });
  });
});

describe("shiftDays", () => {
  it("keeps the local time across a DST change (Chicago, 1 Nov 2026) and month ends", () => {
    // 23:59 local on Oct 31 (CDT, UTC-5) → 23:59 local on Nov 2 (CST, UTC-6).
    expect(shiftDays("2026-11-01T04:59:00.000Z", 2, "America/Chicago")).toBe("2026-11-03T05:59:00.000Z");
    expect(shiftDays("2026-11-03T05:59:00.000Z", -2, "America/Chicago")).toBe("2026-11-01T04:59:00.000Z");
    expect(shiftDays("2028-02-28T12:00:00.000Z", 1, "UTC")).toBe("2028-02-29T12:00:00.000Z");
  });
});

describe("groupByWeek", () => {
  it("groups by the business week of the due date (Monday weeks), in order", () => {
    const weeks = groupByWeek(
      [
        task("t1", { dueDate: "2026-11-30T05:59:59.999Z" }), // Sunday 29 Nov local
        task("t2", { dueDate: "2026-11-24T05:59:59.999Z" }), // Monday 23 Nov local
        task("t3", { dueDate: "2026-11-30T18:00:00.000Z" }), // Monday 30 Nov local
      ],
      "America/Chicago",
      1,
    );
    expect(weeks.map((w) => [new Date(w.weekStart).toISOString(), w.tasks.map((t) => t.id)])).toEqual([
      ["2026-11-23T06:00:00.000Z", ["t2", "t1"]],
      ["2026-11-30T06:00:00.000Z", ["t3"]],
    ]);
  });
});

describe("ticksFor", () => {
  it("days with month starts marked, weeks from the week start, months", () => {
    const from = Date.parse("2026-10-30T05:00:00.000Z"); // Oct 30 local midnight (CDT)
    const days = ticksFor("day", from, Date.parse("2026-11-02T06:00:00.000Z"), "America/Chicago", 1);
    expect(days.map((t) => t.label)).toEqual(["30", "31", "1", "2"]);
    expect(days[2]).toMatchObject({ major: true, majorLabel: "Nov 2026", at: Date.parse("2026-11-01T05:00:00.000Z") });
    expect(days[3].at).toBe(Date.parse("2026-11-02T06:00:00.000Z"));
    expect(ticksFor("week", from, Date.parse("2026-11-10T00:00:00.000Z"), "America/Chicago", 1).map((t) => t.label)).toEqual(["Oct 26", "Nov 2", "Nov 9"]);
    expect(ticksFor("month", from, Date.parse("2027-01-15T00:00:00.000Z"), "America/Chicago", 1).map((t) => t.label)).toEqual(["Oct", "Nov", "Dec", "Jan"]);
  });
});

describe("datesAfter", () => {
  const t = { startDate: "2026-11-02T06:00:00.000Z", dueDate: "2026-11-04T05:59:59.999Z" };
  it("moves both ends, resizes one end without crossing the other, moves a milestone", () => {
    expect(datesAfter(t, "move", 3, "UTC")).toEqual({ startDate: "2026-11-05T06:00:00.000Z", dueDate: "2026-11-07T05:59:59.999Z" });
    expect(datesAfter(t, "end", 2, "UTC")).toEqual({ startDate: t.startDate, dueDate: "2026-11-06T05:59:59.999Z" });
    expect(datesAfter(t, "start", 5, "UTC")).toEqual({ startDate: t.dueDate, dueDate: t.dueDate });
    expect(datesAfter(t, "end", -5, "UTC")).toEqual({ startDate: t.startDate, dueDate: t.startDate });
    expect(datesAfter({ startDate: null, dueDate: t.dueDate }, "end", -1, "UTC")).toEqual({ startDate: null, dueDate: "2026-11-03T05:59:59.999Z" });
    expect(datesAfter(t, "move", 0)).toEqual(t);
  });
});
