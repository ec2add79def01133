import { fullName, initials, memberRoleLabel, roleLabel } from "./names";

describe("initials, fullName and roleLabel", () => {
  it("takes the first letter of first and last name", () => {
    expect(initials("Priya", "Shah")).toBe("PS");
    expect(initials("jamie", "lee")).toBe("JL");
    expect(initials("Cher", "")).toBe("C");
    expect(initials(null, "Ortiz")).toBe("O");
    expect(initials("  Ana ", " bel")).toBe("AB");
  });

  it('is "U" if neither exists', () => {
    expect(initials("", "")).toBe("U");
    expect(initials(null, undefined)).toBe("U");
    expect(initials("  ", " ")).toBe("U");
  });

  it("joins the full name without stray spaces", () => {
    expect(fullName("Priya", "Shah")).toBe("Priya Shah");
    expect(fullName("Cher", "")).toBe("Cher");
    expect(fullName(null, null)).toBe("");
  });

  it('shows "Admin" for admin and other roles as they come', () => {
    expect(roleLabel("admin")).toBe("Admin");
    expect(roleLabel("manager")).toBe("manager");
    expect(roleLabel("staff")).toBe("staff");
    expect(roleLabel(null)).toBe("");
  });

  it("writes roles capitalised on the members screens", () => {
    expect(memberRoleLabel("admin")).toBe("Admin");
    expect(memberRoleLabel("manager")).toBe("Manager");
    expect(memberRoleLabel("staff")).toBe("Staff");
  });
});
