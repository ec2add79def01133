import {
  DEPARTMENT_GROUPS,
  compareUnits,
  departmentGroupOf,
  departmentLabel,
  groupDepartments,
  matchesDepartment,
  sortNumber,
} from "./department-groups";

const unit = (id: string, name: string, unitNumber: number | null) => ({ id, name, unitNumber });

describe("departmentGroupOf", () => {
  it.each([
    [99, "Other"],
    [100, "Corporate"],
    [150, "Corporate"],
    [199, "Corporate"],
    [200, "Administrative"],
    [299, "Administrative"],
    [300, "Sales & Marketing"],
    [399, "Sales & Marketing"],
    [400, "Operations"],
    [499, "Operations"],
    [500, "Other"],
    [0, "Other"],
    [-150, "Other"],
    [1150, "Other"],
    [null, "Other"],
    [undefined, "Other"],
  ] as const)("%p -> %s", (n, group) => {
    expect(departmentGroupOf(n)).toBe(group);
  });

  it("reads a missing number as 999", () => {
    expect(sortNumber(null)).toBe(999);
    expect(sortNumber(undefined)).toBe(999);
    expect(sortNumber(Number.NaN)).toBe(999);
    expect(sortNumber(0)).toBe(0);
  });
});

describe("compareUnits", () => {
  it("sorts by number, a missing number as 999", () => {
    const sorted = [unit("a", "No number", null), unit("b", "Thousand", 1000), unit("c", "Nine99", 999), unit("d", "Five", 500), unit("e", "Ninety-nine", 99)].sort(compareUnits);
    // 999 and the missing number tie on the number and fall back to the name.
    expect(sorted.map((u) => u.name)).toEqual(["Ninety-nine", "Five", "Nine99", "No number", "Thousand"]);
  });

  it("breaks equal numbers by name (case-insensitive, numeric-aware), then by id", () => {
    const sorted = [unit("3", "beta", 100), unit("2", "Alpha", 100), unit("9", "Team 10", 100), unit("8", "Team 9", 100), unit("1", "Alpha", 100)].sort(compareUnits);
    expect(sorted.map((u) => `${u.name}#${u.id}`)).toEqual(["Alpha#1", "Alpha#2", "beta#3", "Team 9#8", "Team 10#9"]);
  });

  it("sorts units without numbers by name", () => {
    expect([unit("1", "Zoo", null), unit("2", "Ark", null)].sort(compareUnits).map((u) => u.name)).toEqual(["Ark", "Zoo"]);
  });
});

describe("groupDepartments", () => {
  const units = [
    unit("1", "Volunteer Program", null),
    unit("2", "Operations", 400),
    unit("3", "Edge 99", 99),
    unit("4", "Executive Office", 100),
    unit("5", "Last corporate", 199),
    unit("6", "Facilities", 500),
    unit("7", "Front Desk", 210),
    unit("8", "Transport", 430),
    unit("9", "Sales", 300),
    unit("10", "Another 400", 400),
  ];

  it("groups in the spec's order, sorted inside each group, skipping empty groups", () => {
    const groups = groupDepartments(units);
    expect(groups.map((g) => g.group)).toEqual([...DEPARTMENT_GROUPS]);
    expect(groups.map((g) => [g.group, g.units.map((u) => u.name)])).toEqual([
      ["Corporate", ["Executive Office", "Last corporate"]],
      ["Administrative", ["Front Desk"]],
      ["Sales & Marketing", ["Sales"]],
      ["Operations", ["Another 400", "Operations", "Transport"]],
      ["Other", ["Edge 99", "Facilities", "Volunteer Program"]],
    ]);
  });

  it("leaves out groups with no units and handles an empty list", () => {
    expect(groupDepartments([unit("1", "Ops", 410)]).map((g) => g.group)).toEqual(["Operations"]);
    expect(groupDepartments([])).toEqual([]);
  });

  it("does not mutate its input", () => {
    const input = [unit("1", "B", 200), unit("2", "A", 100)];
    groupDepartments(input);
    expect(input.map((u) => u.id)).toEqual(["1", "2"]);
  });
});

describe("matchesDepartment and departmentLabel", () => {
  const cremation = unit("1", "Pet Cremation Services", 410);

  it("matches words of the name or the number, case-insensitively", () => {
    expect(matchesDepartment(cremation, "")).toBe(true);
    expect(matchesDepartment(cremation, "crem")).toBe(true);
    expect(matchesDepartment(cremation, "PET services")).toBe(true);
    expect(matchesDepartment(cremation, "41")).toBe(true);
    expect(matchesDepartment(cremation, "transport")).toBe(false);
    expect(matchesDepartment(unit("2", "No number", null), "null")).toBe(false);
  });

  it("shows the number only when asked and present", () => {
    expect(departmentLabel(cremation, true)).toBe("410 · Pet Cremation Services");
    expect(departmentLabel(cremation, false)).toBe("Pet Cremation Services");
    expect(departmentLabel(unit("2", "Volunteers", null), true)).toBe("Volunteers");
  });
});
