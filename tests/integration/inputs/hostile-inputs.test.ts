/**
 * Inputs that used to answer 500: path segments the router had already decoded and a service
 * decoded again, a NUL reaching Postgres, a number out of its column's range, and text fields
 * that did not go through the shared text schemas. Each answers a 4xx now, and nothing is stored.
 */
import { GET as getCase } from "@/app/api/cases/[number]/route";
import { GET as getEventFile } from "@/app/api/cases/[number]/events/[seq]/file/route";
import { POST as addComment } from "@/app/api/tasks/[id]/comments/route";
import { GET as getPayrollSettings, PUT as putPayrollSettings } from "@/app/api/admin/time/payroll/settings/route";
import { createMemorialCase, createTask, recordCaseScans } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, admin: Who;

beforeAll(async () => {
  [staff, admin] = [await person(testDb.prisma), await person(testDb.prisma, "admin")];
});

describe("GET /api/cases/{number} with a segment that names no case", () => {
  // What the router hands over for /api/cases/%25, /%25zz and /%E0%A4%A (a malformed escape stays as it came), and /%00.
  it.each([
    ["%", "%"],
    ["%zz", "%zz"],
    ["%E0%A4%A", "%E0%A4%A"],
    ["NUL", "\u0000"],
    ["a case number and NUL", "C-2026-00001\u0000"],
    ["CR/LF", "a\r\nb"],
    ["a lone surrogate", "\ud800"],
    ["5,000 characters", "x".repeat(5000)],
  ])("%s is a 404 Case not found", async (_what, number) => {
    const res = await call(getCase, { method: "GET", path: "/api/cases/x", headers: staff.headers, params: { number } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "Case not found" });
  });

  it("a tag serial with a percent sign still finds its case (it is not decoded twice)", async () => {
    const kase = await createMemorialCase(testDb.prisma, { createdById: admin.id, tagSerial: "T-100%" });
    const res = await call(getCase, { method: "GET", path: "/api/cases/x", headers: staff.headers, params: { number: "T-100%" } });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe(kase.number);
  });
});

describe("GET /api/cases/{number}/events/{seq}/file", () => {
  it.each([["99999999999"], ["2147483648"], ["-1"], ["0"], ["1.5"], ["1e3"], ["\u0000"]])("seq %j is a 404 File not found", async (seq) => {
    const kase = await createMemorialCase(testDb.prisma, { createdById: admin.id });
    const res = await call(getEventFile, { method: "GET", path: "/x?kind=photo", headers: staff.headers, params: { number: kase.number, seq } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "File not found" });
  });

  it("the largest seq an integer column holds is looked up (404: no such event), and a real one without a photo is 404 too", async () => {
    const kase = await createMemorialCase(testDb.prisma, { createdById: admin.id });
    await recordCaseScans(testDb.prisma, { caseId: kase.id, memberId: staff.id, stations: ["intake"] });
    for (const seq of ["2147483647", "1"]) {
      const res = await call(getEventFile, { method: "GET", path: "/x?kind=photo", headers: staff.headers, params: { number: kase.number, seq } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("File not found");
    }
  });
});

describe("POST /api/tasks/{id}/comments", () => {
  it("a body with NUL or a lone surrogate is a 400 naming the field, and nothing is stored", async () => {
    const unit = await unitWith(testDb.prisma, staff.id);
    const task = await createTask(testDb.prisma, { createdById: staff.id, organizationalUnitId: unit.id });
    for (const body of ["<p>urn\u0000ready</p>", "<p>half an emoji \ud83d</p>"]) {
      const res = await call(addComment, { method: "POST", path: "/x", headers: staff.headers, params: { id: task.id }, body: { body } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^body: must not contain/);
    }
    expect(await testDb.prisma.taskComment.count({ where: { taskId: task.id } })).toBe(0);
    // Line breaks are text in a comment.
    const ok = await call(addComment, { method: "POST", path: "/x", headers: staff.headers, params: { id: task.id }, body: { body: "<p>one</p>\r\n<p>two</p>" } });
    expect(ok.status).toBe(201);
  });
});

describe("PUT /api/admin/time/payroll/settings", () => {
  const settings = (layout: { name?: string; header?: string; id?: string }) => ({
    options: { excludeVolunteers: false, excludeNoTime: false, usePayrollId: false, totalHours: false, approval: false, period: true, layoutId: "standard", format: "csv" },
    layouts: [{ id: layout.id ?? "mine", name: layout.name ?? "Mine", columns: [{ key: "employeeId", header: "Employee ID" }, { key: "member", header: layout.header ?? "Name" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" }],
  });

  it.each([
    ["a layout name with NUL", { name: "Pay\u0000roll" }, /^layouts\.0\.name: must not contain control characters/],
    ["a column header with NUL", { header: "Na\u0000me" }, /^layouts\.0\.columns\.1\.header: must not contain control characters/],
    ["a layout name with CR/LF", { name: "Pay\r\nroll" }, /^layouts\.0\.name: must not contain control characters/],
    ["a column header with CR/LF", { header: "Name\r\n=HYPERLINK()" }, /^layouts\.0\.columns\.1\.header: must not contain control characters/],
    ["a column header with a lone surrogate", { header: "Name \udc00" }, /^layouts\.0\.columns\.1\.header: must not contain broken characters/],
  ])("%s is a 400 naming the field, and the stored settings are unchanged", async (_what, layout, message) => {
    const before = await call(getPayrollSettings, { method: "GET", path: "/x", headers: admin.headers });
    expect(before.status).toBe(200);
    const res = await call(putPayrollSettings, { method: "PUT", path: "/x", headers: admin.headers, body: settings(layout) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const after = await call(getPayrollSettings, { method: "GET", path: "/x", headers: admin.headers });
    expect(after.body).toEqual(before.body);
  });

  it("a valid layout is stored", async () => {
    const res = await call(putPayrollSettings, { method: "PUT", path: "/x", headers: admin.headers, body: settings({ name: "Gusto — weekly", header: "Employee" }) });
    expect(res.status).toBeLessThan(300);
    const after = await call(getPayrollSettings, { method: "GET", path: "/x", headers: admin.headers });
    expect(JSON.stringify(after.body)).toContain("Gusto — weekly");
  });
});
