import { isFloatingButtonPage } from "./floating-button-pages";

describe("isFloatingButtonPage", () => {
  it.each(["/", "/cases", "/cases/C-2026-00001", "/tasks/0b7c", "/scoreboard", "/projects", "/workflow", "/cases/new-ish"])("shows the round button on %s", (path) => {
    expect(isFloatingButtonPage(path)).toBe(true);
  });

  it.each(["/admin/time-card", "/admin", "/billing", "/punch-authenticated", "/mobile-punch", "/scan", "/tasks/new", "/cases/new", "/cases/C-2026-00001/edit"])("leaves it out on %s", (path) => {
    expect(isFloatingButtonPage(path)).toBe(false);
  });

  it("shows it before the path is known", () => {
    expect(isFloatingButtonPage(null)).toBe(true);
  });
});
