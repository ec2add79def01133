import { hasOpenWork, openWorkOf } from "./completion";
import { openWorkQuestion } from "./completion-question";

const item = (n: number, isCompleted = false) => ({ id: `i${n}`, title: `Item ${n}`, isCompleted });
const sub = (n: number, status = "open") => ({ id: `s${n}`, displayNumber: n, title: `Sub ${n}`, status });

describe("openWorkQuestion", () => {
  it("counts with singular and plural right", () => {
    expect(openWorkQuestion(openWorkOf({ checklist: [item(1)], subTasks: [sub(1), sub(2)] }))).toBe(
      "1 checklist item and 2 sub-tasks are still open. Complete anyway?",
    );
    expect(openWorkQuestion(openWorkOf({ checklist: [item(1)], subTasks: [] }))).toBe("1 checklist item is still open. Complete anyway?");
    expect(openWorkQuestion(openWorkOf({ checklist: [item(1), item(2)] }))).toBe("2 checklist items are still open. Complete anyway?");
    expect(openWorkQuestion(openWorkOf({ checklist: [], subTasks: [sub(1)] }))).toBe("1 sub-task is still open. Complete anyway?");
    expect(openWorkQuestion(openWorkOf({ checklist: [item(1)], subTasks: [sub(1)] }))).toBe("1 checklist item and 1 sub-task are still open. Complete anyway?");
  });

  it("leaves out ticked items and finished sub-tasks", () => {
    const open = openWorkOf({ checklist: [item(1, true), item(2)], subTasks: [sub(1, "completed"), sub(2, "cancelled"), sub(3, "in_progress")] });
    expect(open.items.map((i) => i.id)).toEqual(["i2"]);
    expect(open.subTasks.map((s) => s.id)).toEqual(["s3"]);
    expect(openWorkQuestion(openWorkOf({ checklist: [item(1, true)], subTasks: [sub(1, "completed")] }))).toBeNull();
  });

  it("asks exactly when hasOpenWork says there is open work", () => {
    for (const open of [openWorkOf({ checklist: [] }), openWorkOf({ checklist: [item(1)] }), openWorkOf({ checklist: [], subTasks: [sub(1)] }), openWorkOf({ checklist: [item(1, true)], subTasks: [sub(1, "completed")] })]) {
      expect(openWorkQuestion(open) !== null).toBe(hasOpenWork(open));
    }
  });
});
