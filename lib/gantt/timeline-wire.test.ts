import { TIMELINE_TASK_COLUMNS, timelineSchema, type TimelineAnswer } from "@/lib/validations/gantt";
import { expandTimeline } from "./timeline-wire";

const answer: TimelineAnswer = {
  from: "2026-11-01T00:00:00.000Z",
  to: "2026-12-01T00:00:00.000Z",
  taskColumns: [...TIMELINE_TASK_COLUMNS],
  tasks: [
    ["a", 1, "Parent", "in_progress", Date.parse("2026-11-02T14:00:00.000Z"), Date.parse("2026-11-20T05:59:00.000Z"), 0, null, 50, true],
    ["b", 2, "Child", "open", Date.parse("2026-11-03T14:00:00.000Z"), Date.parse("2026-11-04T05:59:00.000Z"), 0, 0, 0, false],
    ["c", 3, "Milestone", "completed", null, Date.parse("2026-11-05T05:59:00.123Z"), null, null, 100, true],
  ],
  projects: [{ id: "p", name: "Memorial", color: "#336699" }],
  dependencies: [[1, 0]],
  truncated: true,
  holidays: [{ date: "2026-11-26", names: ["Thanksgiving Day"] }],
};

describe("expandTimeline", () => {
  it("turns the compact answer into the chart's tasks: ISO instants, project and parent ids, links by id", () => {
    const timeline = expandTimeline(answer);
    expect(timeline.tasks).toEqual([
      { id: "a", displayNumber: 1, title: "Parent", status: "in_progress", startDate: "2026-11-02T14:00:00.000Z", dueDate: "2026-11-20T05:59:00.000Z", projectId: "p", parentTaskId: null, progress: 50, canEdit: true },
      { id: "b", displayNumber: 2, title: "Child", status: "open", startDate: "2026-11-03T14:00:00.000Z", dueDate: "2026-11-04T05:59:00.000Z", projectId: "p", parentTaskId: "a", progress: 0, canEdit: false },
      { id: "c", displayNumber: 3, title: "Milestone", status: "completed", startDate: null, dueDate: "2026-11-05T05:59:00.123Z", projectId: null, parentTaskId: null, progress: 100, canEdit: true },
    ]);
    expect(timeline.dependencies).toEqual([{ taskId: "b", dependsOnTaskId: "a" }]);
    expect(timeline).toMatchObject({ from: answer.from, to: answer.to, truncated: true, projects: answer.projects, holidays: answer.holidays });
  });

  it("the contract refuses an index that points nowhere", () => {
    expect(timelineSchema.safeParse(answer).success).toBe(true);
    const badProject = { ...answer, tasks: [["a", 1, "x", "open", null, 0, 1, null, 0, true]] };
    expect(timelineSchema.safeParse(badProject).success).toBe(false);
    const badParent = { ...answer, tasks: [["a", 1, "x", "open", null, 0, null, 0, 0, true]] };
    expect(timelineSchema.safeParse(badParent).success).toBe(false);
    expect(timelineSchema.safeParse({ ...answer, dependencies: [[0, 3]] }).success).toBe(false);
    expect(timelineSchema.safeParse({ ...answer, taskColumns: ["id"] }).success).toBe(false);
  });
});
