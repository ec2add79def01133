import { dueBucket, groupTasks, type GroupableTask } from "./grouping";

const TZ = "America/Chicago";
const NOW = new Date("2026-11-24T18:00:00Z"); // 12:00 in Chicago, a Tuesday
const t = (dueDate: string, over: Partial<GroupableTask> = {}): GroupableTask => ({ dueDate, priority: "normal", status: "open", department: { id: "u1", name: "Transport" }, ...over });

describe("dueBucket", () => {
  it.each([
    ["2026-11-24T17:59:00Z", "overdue"], // 11:59 today, past
    ["2026-11-25T05:59:59.999Z", "today"], // end of today (blank due time)
    ["2026-11-25T06:00:00Z", "tomorrow"], // midnight
    ["2026-11-26T05:59:59.999Z", "tomorrow"],
    ["2026-11-26T06:00:00Z", "week"],
    ["2026-12-02T05:59:59Z", "week"],
    ["2026-12-02T06:00:00Z", "later"],
  ])("%s -> %s", (due, bucket) => {
    expect(dueBucket(due, NOW, TZ)).toBe(bucket);
  });
  it("a finished task is never overdue", () => {
    expect(dueBucket("2026-11-24T17:59:00Z", NOW, TZ, true)).toBe("today");
  });
});

describe("groupTasks", () => {
  it("groups by due date in bucket order", () => {
    const groups = groupTasks([t("2026-12-20T00:00:00Z"), t("2026-11-20T00:00:00Z"), t("2026-11-24T23:00:00Z")], "dueDate", NOW, TZ);
    expect(groups.map((g) => [g.label, g.tasks.length])).toEqual([["Overdue", 1], ["Today", 1], ["Later", 1]]);
  });
  it("groups by priority, most urgent first", () => {
    const groups = groupTasks([t("2026-12-01T00:00:00Z", { priority: "low" }), t("2026-12-01T00:00:00Z", { priority: "critical" })], "priority", NOW, TZ);
    expect(groups.map((g) => g.label)).toEqual(["Critical", "Low"]);
  });
  it("groups by department name", () => {
    const groups = groupTasks([t("2026-12-01T00:00:00Z", { department: { id: "b", name: "Sales" } }), t("2026-12-01T00:00:00Z", { department: { id: "a", name: "Admin" } })], "department");
    expect(groups.map((g) => g.label)).toEqual(["Admin", "Sales"]);
  });
  it("none keeps one group; empty input gives one empty group", () => {
    expect(groupTasks([], "none")).toEqual([{ key: "all", label: "All tasks", tasks: [] }]);
    expect(groupTasks([], "priority")).toEqual([]);
  });
});
