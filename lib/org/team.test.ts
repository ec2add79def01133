import { normalizeTeam } from "./team";

describe("normalizeTeam", () => {
  it("makes nobody the lead by default", () => {
    expect(normalizeTeam({ userIds: ["a"], leadId: null })).toEqual({ userIds: ["a"], leadId: null });
    expect(normalizeTeam({ userIds: ["a", "b"], leadId: null })).toEqual({ userIds: ["a", "b"], leadId: null });
  });
  it("keeps a chosen lead who is on the team", () => {
    expect(normalizeTeam({ userIds: ["a", "b"], leadId: "b" })).toEqual({ userIds: ["a", "b"], leadId: "b" });
  });
  it("clears the lead when the lead leaves the team (no one is promoted silently)", () => {
    expect(normalizeTeam({ userIds: ["b", "c"], leadId: "a" })).toEqual({ userIds: ["b", "c"], leadId: null });
  });
  it("has no lead for an empty team", () => {
    expect(normalizeTeam({ userIds: [], leadId: "a" })).toEqual({ userIds: [], leadId: null });
  });
  it("drops duplicates", () => {
    expect(normalizeTeam({ userIds: ["a", "a", "b"], leadId: "b" })).toEqual({ userIds: ["a", "b"], leadId: "b" });
  });
});
