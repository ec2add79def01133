import { buildTree, flatten, subtreeIds } from "./unit-tree";

const u = (id: string, parentId: string | null, unitNumber: number | null = null, name = id) => ({ id, name, unitNumber, parentId });

describe("unit tree", () => {
  const units = [u("ops", null, 400), u("exec", null, 100), u("crem", "ops", 410), u("trans", "ops", 430), u("night", "trans"), u("orphan", "gone", 50)];

  it("builds roots (orphans included) and sorted children with depths", () => {
    const tree = buildTree(units);
    expect(tree.map((n) => n.unit.id)).toEqual(["orphan", "exec", "ops"]);
    expect(flatten(tree).map((n) => `${n.unit.id}:${n.depth}`)).toEqual(["orphan:0", "exec:0", "ops:0", "crem:1", "trans:1", "night:2"]);
  });

  it("finds a unit's subtree", () => {
    expect([...subtreeIds(units, "ops")].sort()).toEqual(["crem", "night", "ops", "trans"]);
    expect([...subtreeIds(units, "night")]).toEqual(["night"]);
  });

  it("survives a cycle in the data without looping", () => {
    const cyclic = [u("a", "b"), u("b", "a"), u("c", null)];
    expect(buildTree(cyclic).map((n) => n.unit.id)).toEqual(["c"]);
    expect([...subtreeIds(cyclic, "a")].sort()).toEqual(["a", "b"]);
  });
});
