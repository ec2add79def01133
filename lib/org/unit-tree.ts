import { compareUnits } from "@/lib/org/department-groups";

export interface TreeUnit {
  id: string;
  name: string;
  unitNumber: number | null;
  parentId: string | null;
}

export interface TreeNode<T extends TreeUnit> {
  unit: T;
  depth: number;
  children: Array<TreeNode<T>>;
}

/** Builds the forest from flat units; a unit whose parent is missing becomes a root. Siblings sorted by number, then name. */
export function buildTree<T extends TreeUnit>(units: readonly T[]): Array<TreeNode<T>> {
  const ids = new Set(units.map((u) => u.id));
  const byParent = new Map<string | null, T[]>();
  for (const unit of units) {
    const key = unit.parentId && ids.has(unit.parentId) ? unit.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), unit]);
  }
  const seen = new Set<string>();
  const build = (parentId: string | null, depth: number): Array<TreeNode<T>> =>
    (byParent.get(parentId) ?? [])
      .filter((u) => !seen.has(u.id) && seen.add(u.id))
      .sort(compareUnits)
      .map((unit) => ({ unit, depth, children: build(unit.id, depth + 1) }));
  return build(null, 0);
}

/** Depth-first list of nodes, for indented selects. */
export function flatten<T extends TreeUnit>(nodes: Array<TreeNode<T>>): Array<TreeNode<T>> {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The unit and everything under it: where it cannot be moved. */
export function subtreeIds<T extends TreeUnit>(units: readonly T[], rootId: string): Set<string> {
  const out = new Set<string>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const u of units) {
      if (u.parentId && out.has(u.parentId) && !out.has(u.id)) {
        out.add(u.id);
        grew = true;
      }
    }
  }
  return out;
}
