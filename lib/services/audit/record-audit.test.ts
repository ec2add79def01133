import { changedFields } from "./record-audit";

describe("changedFields", () => {
  it("keeps only changed keys, comparing dates and arrays by value", () => {
    const due = new Date("2026-11-22T23:59:59.999Z");
    const result = changedFields(
      { title: "A", dueDate: due, tags: [1, 2], priority: "normal" },
      { title: "B", dueDate: new Date(due), tags: [1, 2], priority: undefined },
    );
    expect(result).toEqual({ before: { title: "A" }, after: { title: "B" } });
  });

  it("returns empty objects when nothing changed", () => {
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({ before: {}, after: {} });
  });
});
