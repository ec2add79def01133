/**
 * Department groups by unit number (spec §9): 100-199 Corporate, 200-299 Administrative,
 * 300-399 Sales & Marketing, 400-499 Operations, else Other; a missing number sorts as 999.
 * Pure, shared by the department picker and its tests.
 */

export const DEPARTMENT_GROUPS = ["Corporate", "Administrative", "Sales & Marketing", "Operations", "Other"] as const;
export type DepartmentGroup = (typeof DEPARTMENT_GROUPS)[number];

/** Where a unit without a number sorts. */
export const MISSING_UNIT_NUMBER_SORT = 999;

export interface GroupableUnit {
  id: string;
  name: string;
  unitNumber: number | null | undefined;
}

const RANGES: Array<{ from: number; to: number; group: DepartmentGroup }> = [
  { from: 100, to: 199, group: "Corporate" },
  { from: 200, to: 299, group: "Administrative" },
  { from: 300, to: 399, group: "Sales & Marketing" },
  { from: 400, to: 499, group: "Operations" },
];

export const sortNumber = (unitNumber: number | null | undefined): number =>
  unitNumber === null || unitNumber === undefined || !Number.isFinite(unitNumber) ? MISSING_UNIT_NUMBER_SORT : unitNumber;

/** The group of a unit number; a missing number is read as 999, hence Other. */
export function departmentGroupOf(unitNumber: number | null | undefined): DepartmentGroup {
  const n = sortNumber(unitNumber);
  return RANGES.find((r) => n >= r.from && n <= r.to)?.group ?? "Other";
}

/** By number (missing = 999), then by name, then by id so equal entries keep a stable order. */
export function compareUnits(a: GroupableUnit, b: GroupableUnit): number {
  return (
    sortNumber(a.unitNumber) - sortNumber(b.unitNumber) ||
    a.name.localeCompare(b.name, undefined, { sensitivity: "base", numeric: true }) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export interface DepartmentGroupBlock<T> {
  group: DepartmentGroup;
  units: T[];
}

/** Non-empty groups in the spec's order, each sorted with compareUnits. */
export function groupDepartments<T extends GroupableUnit>(units: readonly T[]): Array<DepartmentGroupBlock<T>> {
  const byGroup = new Map<DepartmentGroup, T[]>();
  for (const unit of [...units].sort(compareUnits)) {
    const group = departmentGroupOf(unit.unitNumber);
    const list = byGroup.get(group) ?? [];
    list.push(unit);
    byGroup.set(group, list);
  }
  return DEPARTMENT_GROUPS.filter((g) => byGroup.has(g)).map((group) => ({ group, units: byGroup.get(group)! }));
}

/** Type-ahead: every word must appear in the name or the number (case-insensitive). */
export function matchesDepartment(unit: GroupableUnit, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${unit.unitNumber ?? ""} ${unit.name}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** "410 · Pet Cremation Services", or the name alone when numbers are hidden or missing. */
export function departmentLabel(unit: GroupableUnit, showNumbers: boolean): string {
  return showNumbers && unit.unitNumber !== null && unit.unitNumber !== undefined ? `${unit.unitNumber} · ${unit.name}` : unit.name;
}
