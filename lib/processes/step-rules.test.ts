import { findStepIssues } from "./step-rules";
import { draftIssues, draftToBody, emptyStep, processToDraft, removeStep, type ProcessDraft } from "./draft";
import { scheduleSteps } from "./schedule";
import { addDays } from "@/lib/dates";

const step = (title: string, dependsOn: number[] = [], extra = {}) => ({ title, offsetDays: 0, durationDays: 1, dependsOn, ...extra });

describe("findStepIssues", () => {
  it("accepts earlier-step dependencies only", () => {
    expect(findStepIssues([step("A"), step("B", [1]), step("C", [1, 2])])).toEqual([]);
  });
  it("reports self, forward and missing dependencies, blank titles, bad offsets and missing assignees", () => {
    expect(findStepIssues([step("A", [1])]).map((i) => i.message)).toEqual(["Step 1 can't depend on itself"]);
    expect(findStepIssues([step("A", [2]), step("B")]).map((i) => i.message)).toEqual(["Step 1 can't depend on a later step (step 2)"]);
    expect(findStepIssues([step("A", [5])]).map((i) => i.message)).toEqual(["Step 1 depends on step 5, which does not exist"]);
    expect(findStepIssues([step(" ")]).map((i) => i.field)).toEqual(["title"]);
    expect(findStepIssues([step("A", [], { offsetDays: -1, durationDays: 0 })]).map((i) => i.field)).toEqual(["offsetDays", "durationDays"]);
    expect(findStepIssues([step("A", [], { offsetDays: 1.5 })]).map((i) => i.field)).toEqual(["offsetDays"]);
    expect(findStepIssues([step("A", [], { assigneeKind: "member" }), step("B", [], { assigneeKind: "vendor" })]).map((i) => i.field)).toEqual(["assigneeId", "vendorId"]);
  });
  it("an empty list has no step issues (the schema asks for one step)", () => {
    expect(findStepIssues([])).toEqual([]);
  });
});

describe("the builder's draft", () => {
  const draft = (): ProcessDraft => {
    const [a, b, c] = [emptyStep(), emptyStep(), emptyStep()];
    a.title = "A";
    b.title = "B";
    c.title = "C";
    b.dependsOnKeys = [a.key];
    c.dependsOnKeys = [a.key, b.key];
    return { name: "P", description: "", department: null, steps: [a, b, c] };
  };

  it("maps dependency keys to positions, so a reorder keeps them pointing at the same steps", () => {
    const d = draft();
    expect(draftToBody(d).steps.map((s) => s.dependsOn)).toEqual([[], [1], [1, 2]]);
    const moved = { ...d, steps: [d.steps[2], d.steps[0], d.steps[1]] };
    expect(draftToBody(moved).steps.map((s) => s.dependsOn)).toEqual([[2, 3], [], [2]]);
    expect(draftIssues(moved).map((i) => i.message)).toEqual(["Step 1 can't depend on a later step (step 2)", "Step 1 can't depend on a later step (step 3)"]);
  });

  it("removing a step drops the dependencies on it", () => {
    const d = draft();
    expect(draftToBody(removeStep(d, d.steps[0].key)).steps.map((s) => s.dependsOn)).toEqual([[], [1]]);
  });

  it("non-numeric offsets are reported, not sent as zero", () => {
    const d = draft();
    d.steps[0].offsetDays = "two";
    expect(draftIssues(d).map((i) => i.field)).toEqual(["offsetDays"]);
  });

  it("round-trips a saved process", () => {
    const saved = {
      name: "P",
      description: null,
      department: { id: "u" },
      steps: [
        { title: "A", description: null, department: null, assigneeKind: "starter" as const, assignee: null, vendor: null, offsetDays: 0, durationDays: 1, checklist: ["x"], dependsOn: [], availableForPickup: false },
        { title: "B", description: "d", department: { id: "u" }, assigneeKind: "vendor" as const, assignee: null, vendor: { id: "v" }, offsetDays: 2, durationDays: 3, checklist: [], dependsOn: [1], availableForPickup: true },
      ],
    };
    const body = draftToBody(processToDraft(saved));
    expect(body.steps[1]).toEqual({ title: "B", description: "d", department: "u", assigneeKind: "vendor", assigneeId: null, vendorId: "v", offsetDays: 2, durationDays: 3, checklist: [], checklistRequired: false, dependsOn: [1], availableForPickup: true });
    expect(body.steps[0].checklist).toEqual(["x"]);
  });
});

describe("scheduleSteps", () => {
  // A toy calendar: only Mondays-Fridays in a week where Wednesday the 3rd is a holiday.
  const business = (d: string) => !["2030-01-03", "2030-01-05", "2030-01-06"].includes(d);
  const next = (d: string) => addDays(d, 1);
  const calendar = {
    onOrAfter: (d: string) => {
      let day = d;
      while (!business(day)) day = next(day);
      return day;
    },
    add: (d: string, n: number) => {
      let day = calendar.onOrAfter(d);
      for (let i = 0; i < n; i++) {
        day = next(day);
        while (!business(day)) day = next(day);
      }
      return day;
    },
  };
  it("offsets count business days from the first business day; the due day ends the duration", () => {
    expect(scheduleSteps("2030-01-02", [{ offsetDays: 0, durationDays: 1 }, { offsetDays: 1, durationDays: 2 }], calendar)).toEqual([
      { start: "2030-01-02", due: "2030-01-02" },
      { start: "2030-01-04", due: "2030-01-07" },
    ]);
    expect(scheduleSteps("2030-01-05", [{ offsetDays: 0, durationDays: 1 }], calendar)).toEqual([{ start: "2030-01-07", due: "2030-01-07" }]);
  });
});
