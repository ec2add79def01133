import { canEditProject, projectPermissions } from "./permissions";
import { isAtRisk, percentDone } from "./progress";
import { canEditProcess, canStartProcess } from "@/lib/processes/permissions";

const viewer = (role: "admin" | "manager" | "staff", userId = "me", unitIds: string[] = []) => ({ role, userId, unitIds });
const project = { createdById: "c", ownerId: "o", organizationalUnitId: "u", memberIds: ["m"], deletedAt: null };

describe("project permissions", () => {
  it("creator, owner, members, managers of the department and admins edit", () => {
    for (const v of [viewer("staff", "c"), viewer("staff", "o"), viewer("staff", "m"), viewer("manager", "x", ["u"]), viewer("admin")]) expect(canEditProject(v, project)).toBe(true);
    for (const v of [viewer("staff"), viewer("manager", "x", ["other"]), viewer("staff", "x", ["u"])]) expect(canEditProject(v, project)).toBe(false);
    expect(canEditProject(viewer("manager", "x", ["u"]), { ...project, organizationalUnitId: null })).toBe(false);
  });
  it("only admins archive, delete and restore; nobody edits a deleted project", () => {
    expect(projectPermissions(viewer("staff", "c"), project)).toEqual({ canEdit: true, canArchive: false, canDelete: false, canRestore: false });
    expect(projectPermissions(viewer("admin"), project)).toEqual({ canEdit: true, canArchive: true, canDelete: true, canRestore: false });
    expect(projectPermissions(viewer("admin"), { ...project, deletedAt: new Date() })).toEqual({ canEdit: false, canArchive: false, canDelete: false, canRestore: true });
  });
});

describe("process permissions", () => {
  const process = { createdById: "c", organizationalUnitId: "u", isActive: true };
  it("creator, managers of the department and admins edit; everyone starts an active process", () => {
    expect(canEditProcess(viewer("staff", "c"), process)).toBe(true);
    expect(canEditProcess(viewer("manager", "x", ["u"]), process)).toBe(true);
    expect(canEditProcess(viewer("admin"), process)).toBe(true);
    expect(canEditProcess(viewer("staff", "x", ["u"]), process)).toBe(false);
    expect(canStartProcess(viewer("staff"), process)).toBe(true);
    expect(canStartProcess(viewer("admin"), { ...process, isActive: false })).toBe(false);
  });
});

describe("progress", () => {
  const now = new Date("2030-01-10T12:00:00Z");
  const base = { total: 4, done: 2, open: 2, overdue: 0, latestOpenDue: new Date("2030-01-12T00:00:00Z"), targetDate: new Date("2030-01-20T00:00:00Z"), now };
  it("rounds the percentage and has 0 % for no tasks", () => {
    expect(percentDone(1, 3)).toBe(33);
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(3, 3)).toBe(100);
  });
  it("is at risk when open work is overdue, the target has passed, or open work is due after the target", () => {
    expect(isAtRisk(base)).toBe(false);
    expect(isAtRisk({ ...base, overdue: 1 })).toBe(true);
    expect(isAtRisk({ ...base, targetDate: new Date("2030-01-09T00:00:00Z") })).toBe(true);
    expect(isAtRisk({ ...base, latestOpenDue: new Date("2030-01-25T00:00:00Z") })).toBe(true);
    expect(isAtRisk({ ...base, open: 0, overdue: 0, targetDate: new Date("2030-01-01T00:00:00Z") })).toBe(false);
    expect(isAtRisk({ ...base, targetDate: null })).toBe(false);
  });
});
