import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { POST as approveHandler } from "@/app/api/admin/time/approvals/route";
import { GET as payrollHandler } from "@/app/api/admin/time/payroll/route";
import { GET as getSettingsHandler, PUT as putSettingsHandler } from "@/app/api/admin/time/payroll/settings/route";
import { createPunchSession, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw } from "@/tests/support/uploads";

const testDb = useTestDatabase();
const H = 3_600_000;
type Headers = Record<string, string>;
/** Chicago wall-clock time in September 2024 (CDT, UTC-5). */
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * H + minute * 60_000);

const OPTIONS = { excludeVolunteers: false, excludeContractors: false, excludeNoTime: false, usePayrollId: false, totalHours: false, approval: false, period: true, layoutId: "standard", format: "csv" };
const getSettings = (headers: Headers) => call(getSettingsHandler, { path: "/api/admin/time/payroll/settings", headers });
const putSettings = (headers: Headers, body: unknown) => call(putSettingsHandler, { method: "PUT", path: "/api/admin/time/payroll/settings", headers, body });
const download = (headers: Headers, query: string) => callRaw(payrollHandler, { method: "GET", path: `/api/admin/time/payroll?${query}`, headers });
const csvRows = (bytes: Buffer): string[][] => parse(bytes, { bom: true, skip_empty_lines: true });

let admin: Headers;
let adminId: string;
let staff: Headers;
let hourly: { id: string };
let volunteer: { id: string };

let injected: { id: string };

beforeAll(async () => {
  const a = await createUser(testDb.prisma, { role: "admin", firstName: "Ada", lastName: "Admin" });
  adminId = a.id;
  admin = await signIn(a);
  // The admin has no time; staff signs in for the 403s.
  const s = await createUser(testDb.prisma, { role: "staff", firstName: "Sid", lastName: "Staff" });
  staff = await signIn(s);
  hourly = await createUser(testDb.prisma, { firstName: "Hana", lastName: "Hourly" });
  await testDb.prisma.user.update({ where: { id: hourly.id }, data: { payrollId: "P-100", payType: "hourly" } });
  volunteer = await createUser(testDb.prisma, { firstName: "Vic", lastName: "Volunteer" });
  await testDb.prisma.user.update({ where: { id: volunteer.id }, data: { memberType: "volunteer", payType: null } });
  await createUser(testDb.prisma, { firstName: "Ida", lastName: "Idle" }); // no time: left out with excludeNoTime
  injected = await createUser(testDb.prisma, { firstName: "=HYPERLINK(\"http://x\")", lastName: "Inject" });
  await testDb.prisma.user.update({ where: { id: injected.id }, data: { payrollId: "+1-CMD", payType: "salaried" } });
  // Tue 3 Sep 2024: 8 h for Hana (8:00–12:00, 12:30–16:30 after an unpaid lunch), 2 h for Vic, 1 h 15 for the injected name.
  await createPunchSession(testDb.prisma, { userId: hourly.id, punchInAt: at("2024-09-03", 8), punchOutAt: at("2024-09-03", 12), outReason: "Lunch" });
  await createPunchSession(testDb.prisma, { userId: hourly.id, punchInAt: at("2024-09-03", 12, 30), punchOutAt: at("2024-09-03", 16, 30) });
  await createPunchSession(testDb.prisma, { userId: volunteer.id, punchInAt: at("2024-09-04", 9), punchOutAt: at("2024-09-04", 11) });
  await createPunchSession(testDb.prisma, { userId: injected.id, punchInAt: at("2024-09-05", 9), punchOutAt: at("2024-09-05", 10, 15) });
  expect((await call(approveHandler, { method: "POST", path: "/api/admin/time/approvals", headers: admin, body: { period: "2024-09-03", userIds: [hourly.id] } })).status).toBe(200);
  // A fixed approval instant: 15:30 UTC = 10:30 in Chicago.
  await testDb.prisma.payPeriodLock.updateMany({ where: { userId: hourly.id }, data: { approvedAt: new Date("2024-09-09T15:30:00Z") } });
});

describe("payroll export settings", () => {
  it("401, 403, defaults with the built-in layouts, 400 naming the field, saved and read back (audited)", async () => {
    expect((await getSettings({})).status).toBe(401);
    expect((await getSettings(staff)).status).toBe(403);
    expect((await putSettings(staff, { options: OPTIONS, layouts: [] })).status).toBe(403);
    const first = await getSettings(admin);
    expect(first.status).toBe(200);
    expect(first.body.options).toEqual(OPTIONS);
    expect(first.body.layouts.map((l: { id: string; name: string; builtIn: boolean }) => [l.id, l.name, l.builtIn])).toEqual([
      ["standard", "Payroll summary", true],
      ["generic-csv", "Generic CSV", true],
    ]);

    const badColumn = await putSettings(admin, { options: OPTIONS, layouts: [{ id: "x", name: "X", columns: [{ key: "salary", header: "S" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" }] });
    expect(badColumn.status).toBe(400);
    expect(badColumn.body.message).toMatch(/column must be one of/);
    const badHours = await putSettings(admin, { options: OPTIONS, layouts: [{ id: "x", name: "X", columns: [{ key: "employeeId", header: "S" }], dateFormat: "yyyy-MM-dd", hoursFormat: "minutes" }] });
    expect(badHours.status).toBe(400);
    expect(badHours.body.message).toMatch(/hoursFormat/);
    const builtIn = await putSettings(admin, { options: OPTIONS, layouts: [{ id: "generic-csv", name: "Mine", columns: [{ key: "employeeId", header: "S" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" }] });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toMatch(/built-in/);
    const unknown = await putSettings(admin, { options: { ...OPTIONS, layoutId: "nope" }, layouts: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/layoutId/);
    const badOption = await putSettings(admin, { options: { ...OPTIONS, excludeVolunteers: "yes" }, layouts: [] });
    expect(badOption.status).toBe(400);
    expect(badOption.body.message).toMatch(/excludeVolunteers/);

    const saved = await putSettings(admin, { options: { ...OPTIONS, excludeNoTime: true, format: "xlsx" }, layouts: [] });
    expect(saved.status).toBe(200);
    expect((await getSettings(admin)).body.options).toMatchObject({ excludeNoTime: true, format: "xlsx" });
    expect(await testDb.prisma.auditLog.count({ where: { action: "time.payroll-export.update", actorId: adminId } })).toBe(1);
    // Back to the defaults for the exports below.
    expect((await putSettings(admin, { options: OPTIONS, layouts: [] })).status).toBe(200);
  });
});

describe("GET /api/admin/time/payroll with options and layouts", () => {
  it("the default export is the payroll summary of every member, unchanged", async () => {
    const res = await download(admin, "period=2024-09-03&kind=summary");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="payroll-summary-2024-09-02-to-2024-09-08.csv"; filename*=UTF-8''payroll-summary-2024-09-02-to-2024-09-08.csv`);
    const [header, ...rows] = csvRows(res.bytes);
    expect(header).toEqual(["Member", "Email", "Employee ID", "Member type", "Period start", "Period end", "Regular hours", "Overtime hours", "Unpaid break hours", "Paid break hours", "Days worked", "Flags", "Approval"]);
    expect(rows).toHaveLength(6);
    const hana = rows.find((r) => r[0] === "Hana Hourly")!;
    expect(hana.slice(2)).toEqual([hourly.id, "employee", "2024-09-02", "2024-09-08", "8.00", "0.00", "0.50", "0.00", "1", "", "Approved"]);
  });

  it("Generic CSV with every option: volunteers and rows without time left out, payroll IDs, total hours, approved by and at, the period", async () => {
    const options = { ...OPTIONS, excludeVolunteers: true, excludeNoTime: true, usePayrollId: true, totalHours: true, approval: true, period: true, layoutId: "generic-csv" };
    expect((await putSettings(admin, { options, layouts: [] })).status).toBe(200);
    const res = await download(admin, "period=2024-09-03&kind=summary");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="payroll-generic-csv-2024-09-02-to-2024-09-08.csv"; filename*=UTF-8''payroll-generic-csv-2024-09-02-to-2024-09-08.csv`);
    const text = res.bytes.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    const [header, ...rows] = csvRows(res.bytes);
    expect(header).toEqual(["Employee ID", "First name", "Last name", "Pay type", "Period start", "Period end", "Regular hours", "Overtime hours", "Total hours", "Approved by", "Approved at"]);
    expect(rows).toEqual([
      ["P-100", "Hana", "Hourly", "hourly", "2024-09-02", "2024-09-08", "8.00", "0.00", "8.00", "Ada Admin", "2024-09-09 10:30"],
      ["'+1-CMD", `'=HYPERLINK("http://x")`, "Inject", "salaried", "2024-09-02", "2024-09-08", "1.25", "0.00", "1.25", "", ""],
    ]);

    // Without the period and approval options their columns go; without usePayrollId the internal id comes back.
    expect((await putSettings(admin, { options: { ...options, period: false, approval: false, usePayrollId: false, totalHours: false }, layouts: [] })).status).toBe(200);
    const [header2, ...rows2] = csvRows((await download(admin, "period=2024-09-03")).bytes);
    expect(header2).toEqual(["Employee ID", "First name", "Last name", "Pay type", "Regular hours", "Overtime hours"]);
    expect(rows2[0]).toEqual([hourly.id, "Hana", "Hourly", "hourly", "8.00", "0.00"]);
  });

  it("a saved layout: its columns, headers and order, its date format and h:mm hours; the header is guarded too", async () => {
    const layout = {
      id: "provider-x",
      name: "Provider X",
      columns: [
        { key: "approvedAt", header: "Signed off" },
        { key: "employeeId", header: "Emp #" },
        { key: "totalHours", header: "Hours" },
        { key: "periodEnd", header: "Week ending" },
        { key: "member", header: "=Name" },
      ],
      dateFormat: "MM/dd/yyyy",
      hoursFormat: "hh:mm",
    };
    const options = { ...OPTIONS, excludeNoTime: true, excludeVolunteers: false, usePayrollId: true, totalHours: true, approval: true, layoutId: "provider-x" };
    const saved = await putSettings(admin, { options, layouts: [layout] });
    expect(saved.status).toBe(200);
    expect(saved.body.layouts.map((l: { id: string }) => l.id)).toEqual(["standard", "generic-csv", "provider-x"]);
    // Vic (a volunteer, kept in) has time but no payroll ID: no file names him by his name alone.
    const refused = await download(admin, "period=2024-09-03");
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.bytes.toString("utf8"))).toMatchObject({
      code: "CONFLICT",
      message: "1 member in this export has no payroll ID. Give them one on the member form, or export with the internal id.",
      missingPayrollId: [{ id: volunteer.id, name: "Vic Volunteer" }],
    });
    expect((await putSettings(admin, { options: { ...options, excludeVolunteers: true }, layouts: [layout] })).status).toBe(200);
    const [header, ...rows] = csvRows((await download(admin, "period=2024-09-03")).bytes);
    expect(header).toEqual(["Signed off", "Emp #", "Hours", "Week ending", "'=Name"]);
    expect(rows).toEqual([
      ["09/09/2024 10:30", "P-100", "8:00", "09/08/2024", "Hana Hourly"],
      ["", "'+1-CMD", "1:15", "09/08/2024", `'=HYPERLINK("http://x") Inject`],
    ]);
    // Another layout by its id for one download; an unknown one is a 404.
    const generic = csvRows((await download(admin, "period=2024-09-03&layout=generic-csv")).bytes);
    expect(generic[0][0]).toBe("Employee ID");
    expect((await download(admin, "period=2024-09-03&layout=nope")).status).toBe(404);
    expect((await download(admin, "period=2024-09-03&format=pdf")).status).toBe(400);
  });

  it("XLSX has the same header and cells (numbers as numbers) and no formula", async () => {
    const options = { ...OPTIONS, excludeVolunteers: true, excludeNoTime: true, usePayrollId: true, totalHours: true, approval: true, layoutId: "generic-csv" };
    expect((await putSettings(admin, { options, layouts: [] })).status).toBe(200);
    const res = await download(admin, "period=2024-09-03&format=xlsx");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="payroll-generic-csv-2024-09-02-to-2024-09-08.xlsx"; filename*=UTF-8''payroll-generic-csv-2024-09-02-to-2024-09-08.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Payroll")!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(3);
    expect(values(1)).toEqual(["Employee ID", "First name", "Last name", "Pay type", "Period start", "Period end", "Regular hours", "Overtime hours", "Total hours", "Approved by", "Approved at"]);
    expect(values(2)).toEqual(["P-100", "Hana", "Hourly", "hourly", "2024-09-02", "2024-09-08", 8, 0, 8, "Ada Admin", "2024-09-09 10:30"]);
    expect(values(3).slice(0, 9)).toEqual(["'+1-CMD", `'=HYPERLINK("http://x")`, "Inject", "salaried", "2024-09-02", "2024-09-08", 1.25, 0, 1.25]);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));

    // The detail as XLSX: one row per punch.
    const detail = await download(admin, "period=2024-09-03&kind=detail&format=xlsx");
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(detail.bytes as unknown as ArrayBuffer);
    const punches = book2.getWorksheet("Punches")!;
    expect((punches.getRow(1).values as unknown[]).slice(1)).toEqual(["Member", "Employee ID", "Punch in", "Punch out", "In source", "Out source", "Out reason", "Hours", "Flags"]);
    expect(punches.rowCount).toBe(5);
  });
});

describe("pay data a payroll provider can match", () => {
  let contractor: { id: string };
  let grace: { id: string };
  beforeAll(async () => {
    // The week of Tue 10 Sep 2024: an employee with a payroll ID, a contractor with one, and a volunteer.
    contractor = await createUser(testDb.prisma, { firstName: "Cal", lastName: "Contractor", memberType: "contractor", payrollId: "C-7" });
    grace = await createUser(testDb.prisma, { firstName: "Grace", lastName: "Giver", memberType: "volunteer" });
    await createPunchSession(testDb.prisma, { userId: hourly.id, punchInAt: at("2024-09-10", 9), punchOutAt: at("2024-09-10", 17) });
    await createPunchSession(testDb.prisma, { userId: contractor.id, punchInAt: at("2024-09-11", 9), punchOutAt: at("2024-09-11", 12) });
    await createPunchSession(testDb.prisma, { userId: grace.id, punchInAt: at("2024-09-12", 9), punchOutAt: at("2024-09-12", 10) });
  });

  it("leaves out exactly the people the business calls volunteers and contractors (their member type)", async () => {
    const names = async (options: object) => {
      expect((await putSettings(admin, { options: { ...OPTIONS, excludeNoTime: true, layoutId: "standard", ...options }, layouts: [] })).status).toBe(200);
      const [, ...rows] = csvRows((await download(admin, "period=2024-09-10")).bytes);
      return rows.map((r) => r[0]).sort();
    };
    expect(await names({})).toEqual(["Cal Contractor", "Grace Giver", "Hana Hourly"]);
    expect(await names({ excludeVolunteers: true })).toEqual(["Cal Contractor", "Hana Hourly"]);
    expect(await names({ excludeContractors: true })).toEqual(["Grace Giver", "Hana Hourly"]);
    expect(await names({ excludeVolunteers: true, excludeContractors: true })).toEqual(["Hana Hourly"]);
  });

  it("every row of every layout names the person by an id a provider matches (parsed as a provider would)", async () => {
    const idsOk = async (layoutId: string, usePayrollId: boolean) => {
      const options = { ...OPTIONS, layoutId, usePayrollId, excludeVolunteers: true, excludeNoTime: true };
      expect((await putSettings(admin, { options, layouts: [] })).status).toBe(200);
      const res = await download(admin, "period=2024-09-10");
      expect(res.status).toBe(200);
      const [header, ...rows] = csvRows(res.bytes);
      const idColumn = header.indexOf("Employee ID");
      expect(idColumn).toBeGreaterThanOrEqual(0);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toHaveLength(header.length);
        expect(row[idColumn]).toMatch(/\S/);
      }
      return rows.map((r) => r[idColumn]).sort();
    };
    expect(await idsOk("generic-csv", true)).toEqual(["C-7", "P-100"]);
    expect(await idsOk("standard", true)).toEqual(["C-7", "P-100"]);
    expect(await idsOk("generic-csv", false)).toEqual([contractor.id, hourly.id].sort());
    // The same as XLSX, read back with exceljs: the id is a text cell on every row.
    const res = await download(admin, "period=2024-09-10&format=xlsx&layout=standard");
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Payroll")!;
    const xlsxHeader = (sheet.getRow(1).values as unknown[]).slice(1);
    const idAt = xlsxHeader.indexOf("Employee ID") + 1;
    expect(idAt).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(3);
    for (let n = 2; n <= sheet.rowCount; n++) expect(String(sheet.getRow(n).getCell(idAt).value ?? "")).toMatch(/^[0-9a-f-]{36}$/);
    // A layout without the Employee ID column is refused; one saved before the rule gets the column first.
    const nameOnly = { id: "names", name: "Names only", columns: [{ key: "firstName", header: "First" }, { key: "lastName", header: "Last" }, { key: "totalHours", header: "Hours" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" };
    const refused = await putSettings(admin, { options: { ...OPTIONS, layoutId: "names" }, layouts: [nameOnly] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("employeeId");
    await testDb.prisma.timePolicy.update({
      where: { id: "default" },
      data: { payrollExport: { options: { ...OPTIONS, layoutId: "names", usePayrollId: true, excludeVolunteers: true, excludeNoTime: true, totalHours: true }, layouts: [nameOnly] } },
    });
    const [header, ...rows] = csvRows((await download(admin, "period=2024-09-10")).bytes);
    expect(header).toEqual(["Employee ID", "First", "Last", "Hours"]);
    expect(rows.map((r) => r[0]).sort()).toEqual(["C-7", "P-100"]);
  });

  it("options saved before 'Leave out contractors' existed still read (it is off)", async () => {
    const { excludeContractors: _, ...old } = OPTIONS;
    void _;
    await testDb.prisma.timePolicy.update({ where: { id: "default" }, data: { payrollExport: { options: { ...old, excludeVolunteers: true }, layouts: [] } } });
    const read = await getSettings(admin);
    expect(read.body.options).toMatchObject({ excludeVolunteers: true, excludeContractors: false });
  });
});
