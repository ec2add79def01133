import { normalizeTeam } from "./team";

describe("normalizeTeam", () => {
  it("makes the first member the lead when none is chosen", () => {
    expect(normalizeTeam({ userIds: ["a"], leadId: null })).toEqual({ userIds: ["a"], leadId: "a" });
  });
  it("keeps a chosen lead who is on the team", () => {
    expect(normalizeTeam({ userIds: ["a", "b"], leadId: "b" })).toEqual({ userIds: ["a", "b"], leadId: "b" });
  });
  it("moves the lead to the first member when the lead is removed", () => {
    expect(normalizeTeam({ userIds: ["b", "c"], leadId: "a" })).toEqual({ userIds: ["b", "c"], leadId: "b" });
  });
  it("has no lead for an empty team", () => {
    expect(normalizeTeam({ userIds: [], leadId: "a" })).toEqual({ userIds: [], leadId: null });
  });
  it("drops duplicates", () => {
    expect(normalizeTeam({ userIds: ["a", "a", "b"], leadId: "b" })).toEqual({ userIds: ["a", "b"], leadId: "b" });
  });
});
