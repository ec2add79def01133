import { RUN_NAME_REQUIRED, PROJECT_REQUIRED } from "@/lib/validations/processes";
import { RUN_DEPARTMENT_REQUIRED, buildStartBody, startFormSchema, unassignedSteps, type StartFormState } from "./start-form";

const UUID = "3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f607";
const MEMBER = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const steps = [
  { position: 1, department: { id: "d" }, assigneeKind: "member", assignee: { isActive: true } },
  { position: 2, department: null, assigneeKind: "none", assignee: null },
  { position: 3, department: { id: "d" }, assigneeKind: "member", assignee: { isActive: false } },
];
const form: StartFormState = { name: "Private cremation – Bella", startDate: "2026-12-01", target: "new_project", projectId: "", department: null, people: {} };

describe("the start-process form's model", () => {
  it("lists the steps that would start without anyone: no default, or a member who left", () => {
    expect(unassignedSteps(steps).map((s) => s.position)).toEqual([2, 3]);
  });

  it("sends only the chosen people, and a project only for an existing-project run", () => {
    const body = buildStartBody({ ...form, people: { 2: MEMBER, 3: null }, projectId: "p" }, steps, UUID);
    expect(body.stepOverrides).toEqual([{ position: 2, assigneeId: MEMBER }]);
    expect(body.projectId).toBeNull();
    expect(body.uuid).toBe(UUID);
  });

  it("needs a name, a project when one is to be chosen, and a department for steps without one", () => {
    const result = startFormSchema(steps, UUID).safeParse({ ...form, name: " ", target: "existing_project" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({ name: RUN_NAME_REQUIRED, projectId: PROJECT_REQUIRED, department: RUN_DEPARTMENT_REQUIRED });
  });

  it("passes a complete form through as the API body", () => {
    const result = startFormSchema(steps, UUID).safeParse({ ...form, department: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Private cremation – Bella", target: "new_project", stepOverrides: [] });
  });
});
