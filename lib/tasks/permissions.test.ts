import { canClaimTask, canEditTask, canRestoreTask, canViewTask, taskPermissions, type TaskAccessFacts, type Viewer } from "./permissions";

const task = (over: Partial<TaskAccessFacts> = {}): TaskAccessFacts => ({
  createdById: "creator",
  assigneeId: null,
  vendorId: null,
  organizationalUnitId: "unit",
  isPrivate: false,
  availableForPickup: false,
  status: "open",
  deletedAt: null,
  teamUserIds: [],
  ...over,
});
const viewer = (userId: string, role: Viewer["role"] = "staff", unitIds: string[] = []): Viewer => ({ userId, role, unitIds });

describe("canViewTask", () => {
  it("everyone sees a public task", () => {
    expect(canViewTask(viewer("x"), task())).toBe(true);
  });
  it("a private task: creator and admins only — not its assignee, team or a manager of its unit", () => {
    const t = task({ isPrivate: true, assigneeId: "a", teamUserIds: ["t"] });
    expect(canViewTask(viewer("creator"), t)).toBe(true);
    expect(canViewTask(viewer("boss", "admin"), t)).toBe(true);
    expect(canViewTask(viewer("a"), t)).toBe(false);
    expect(canViewTask(viewer("t"), t)).toBe(false);
    expect(canViewTask(viewer("m", "manager", ["unit"]), t)).toBe(false);
  });
  it("a deleted task: admins only", () => {
    expect(canViewTask(viewer("creator"), task({ deletedAt: new Date() }))).toBe(false);
    expect(canViewTask(viewer("boss", "admin"), task({ deletedAt: new Date() }))).toBe(true);
  });
});

describe("canEditTask", () => {
  it.each([
    ["creator", viewer("creator"), true],
    ["assignee", viewer("a"), true],
    ["team member", viewer("t"), true],
    ["manager of the unit", viewer("m", "manager", ["unit"]), true],
    ["manager elsewhere", viewer("m", "manager", ["other"]), false],
    ["staff member of the unit", viewer("s", "staff", ["unit"]), false],
    ["stranger", viewer("s"), false],
    ["admin", viewer("boss", "admin"), true],
  ])("%s -> %s", (_label, v, expected) => {
    expect(canEditTask(v, task({ assigneeId: "a", teamUserIds: ["t"] }))).toBe(expected);
  });
  it("nobody edits a deleted task (restore first)", () => {
    expect(canEditTask(viewer("boss", "admin"), task({ deletedAt: "2026-01-01" }))).toBe(false);
  });
  it("the assignee of someone else's private task cannot edit it (cannot even see it)", () => {
    expect(canEditTask(viewer("a"), task({ isPrivate: true, assigneeId: "a" }))).toBe(false);
  });
});

describe("canClaimTask", () => {
  const pickup = task({ availableForPickup: true });
  it("members of the task's unit may claim an unassigned pickup task", () => {
    expect(canClaimTask(viewer("s", "staff", ["unit"]), pickup)).toBe(true);
    expect(canClaimTask(viewer("s", "staff", ["other"]), pickup)).toBe(false);
    expect(canClaimTask(viewer("boss", "admin"), pickup)).toBe(false);
  });
  it.each([
    ["assigned", { assigneeId: "x" }],
    ["given to a vendor", { vendorId: "v" }],
    ["completed", { status: "completed" }],
    ["cancelled", { status: "cancelled" }],
    ["not offered", { availableForPickup: false }],
    ["deleted", { deletedAt: new Date() }],
    ["someone else's private task", { isPrivate: true }],
  ])("not when %s", (_label, over) => {
    expect(canClaimTask(viewer("s", "staff", ["unit"]), task({ availableForPickup: true, ...over }))).toBe(false);
  });
});

describe("canRestoreTask / taskPermissions", () => {
  it("admins restore deleted tasks", () => {
    expect(canRestoreTask(viewer("boss", "admin"), { deletedAt: new Date() })).toBe(true);
    expect(canRestoreTask(viewer("boss", "admin"), { deletedAt: null })).toBe(false);
    expect(canRestoreTask(viewer("creator"), { deletedAt: new Date() })).toBe(false);
  });
  it("bundles the flags", () => {
    expect(taskPermissions(viewer("creator"), task())).toEqual({ canEdit: true, canDelete: true, canClaim: false, canRestore: false });
  });
});
