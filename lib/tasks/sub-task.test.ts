import type { Task } from "@/lib/queries/tasks";
import { subTaskStart } from "./sub-task";

// The business zone of these cases: America/Chicago (lib/dates/zone.ts's default).
const parent = (over: Partial<Task>) =>
  ({ projectId: "p1", organizationalUnitId: "u1", priority: "high", assigneeType: "user", assigneeId: "m1", vendorId: null, dueDate: "2026-11-25T05:59:59.999Z", ...over }) as Task;

describe("subTaskStart", () => {
  it("starts from the parent's project, department, priority, assignee and due date (a blank time: end of day)", () => {
    expect(subTaskStart(parent({}))).toEqual({ projectId: "p1", department: "u1", priority: "high", assigneeId: "m1", dueDate: { day: "2026-11-24", time: "" } });
  });

  it("holds a vendor as the assignee picker does, and a parent without a due date leaves it blank", () => {
    const start = subTaskStart(parent({ assigneeType: "vendor", assigneeId: null, vendorId: "v1", dueDate: undefined, projectId: null }));
    expect(start).toMatchObject({ projectId: null, assigneeId: "vendor-v1", dueDate: { day: "", time: "" } });
  });
});
