import { PROJECT_DATES_ORDER } from "@/lib/validations/projects";
import { QUICK_ADD_DEPARTMENT_REQUIRED, projectFormSchema, projectToForm, quickAddSchema } from "./project-form";

const base = { ...projectToForm(undefined, "5b0c3a9e-1f2d-4c3b-9a8e-7d6f5e4c3b2a"), name: "Spring memorial garden" };

describe("the project form's model", () => {
  it("starts a new project owned by its creator, active, with no dates", () => {
    expect(projectToForm(undefined, "u1")).toMatchObject({ ownerId: "u1", status: "active", startDate: "", dueDate: "", memberIds: [], color: null });
  });

  it("turns the day inputs into instants in the business zone and a blank description into null", () => {
    const result = projectFormSchema.safeParse({ ...base, startDate: "2026-03-02", dueDate: "2026-03-20" });
    expect(result.success).toBe(true);
    const body = result.data!;
    expect(body).toMatchObject({ name: "Spring memorial garden", description: null, ownerId: "5b0c3a9e-1f2d-4c3b-9a8e-7d6f5e4c3b2a", status: "active" });
    expect(body.startDate?.toISOString()).toBe("2026-03-02T06:00:00.000Z");
    expect(body.dueDate!.getTime()).toBeGreaterThan(new Date("2026-03-20T06:00:00.000Z").getTime());
  });

  it("answers the handler schema's messages under the API's field names, which are the form's: a missing name, dates out of order", () => {
    const result = projectFormSchema.safeParse({ ...base, name: "", startDate: "2026-04-02", dueDate: "2026-03-20" });
    expect(result.success).toBe(false);
    const paths = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(paths.name).toBe("Name is required");
    expect(paths.startDate).toBe(PROJECT_DATES_ORDER);
  });

  it("passes a valid form through as the API body", () => {
    const result = projectFormSchema.safeParse({ ...base, memberIds: [] });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Spring memorial garden", memberIds: [], startDate: null, dueDate: null });
  });
});

describe("the project page's quick add", () => {
  it("needs a title, a due day and a department on the project", () => {
    const messages = (department: string | null, value: { title: string; dueDay: string }) => {
      const result = quickAddSchema(department).safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages("d", { title: " ", dueDay: "" })).toEqual(["Title is required", "Due date is required"]);
    expect(messages(null, { title: "Collect urn", dueDay: "2026-12-01" })).toEqual([QUICK_ADD_DEPARTMENT_REQUIRED]);
    expect(messages("d", { title: "Collect urn", dueDay: "2026-12-01" })).toEqual([]);
  });
});
