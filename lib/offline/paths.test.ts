import { caseScanPath, checklistTickTarget, offlineMethod, offlinePath } from "./paths";

describe("offlinePath", () => {
  it("sends punches to the punch routes and a scan to its case's scans route", () => {
    expect(offlinePath({ kind: "punch-in" })).toBe("/api/auth/punch/in");
    expect(offlinePath({ kind: "punch-out" })).toBe("/api/auth/punch/out-with-reason");
    expect(offlinePath({ kind: "case-scan", target: "C-2026-00042" })).toBe("/api/cases/C-2026-00042/scans");
  });

  it("escapes a tag serial or token that holds URL characters", () => {
    expect(caseScanPath("TAG 7/B?")).toBe("/api/cases/TAG%207%2FB%3F/scans");
  });

  it("sends a checklist tick with PATCH to its item's route", () => {
    const target = checklistTickTarget("7c0e6c7e-0000-4000-8000-000000000001", "7c0e6c7e-0000-4000-8000-000000000002");
    expect(offlinePath({ kind: "checklist-tick", target })).toBe("/api/tasks/7c0e6c7e-0000-4000-8000-000000000001/checklist/7c0e6c7e-0000-4000-8000-000000000002");
    expect(offlineMethod({ kind: "checklist-tick" })).toBe("PATCH");
    expect(offlineMethod({ kind: "case-scan" })).toBe("POST");
  });
});
