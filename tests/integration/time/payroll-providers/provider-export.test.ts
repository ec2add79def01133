/**
 * The provider layouts through GET /api/admin/time/payroll, on the real database: the refusals
 * (a period not locked, a member the provider cannot match, ADP without its company code, XLSX),
 * the settings (GET/PUT /api/admin/time/payroll/providers), and each file read back as the
 * provider reads it, against the time card's own figures.
 */
import { parse } from "csv-parse/sync";
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { POST as lockHandler } from "@/app/api/admin/time/locks/route";
import { GET as payrollHandler } from "@/app/api/admin/time/payroll/route";
import { GET as getProvidersHandler, PUT as putProvidersHandler } from "@/app/api/admin/time/payroll/providers/route";
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
const PERIOD = "2024-09-02"; // a Monday: the weekly period 2024-09-02 … 2024-09-08

const download = (headers: Headers, query: string) => callRaw(payrollHandler, { method: "GET", path: `/api/admin/time/payroll?period=${PERIOD}&${query}`, headers });
const getProviders = (headers: Headers) => call(getProvidersHandler, { path: "/api/admin/time/payroll/providers", headers });
const putProviders = (headers: Headers, body: unknown) => call(putProvidersHandler, { method: "PUT", path: "/api/admin/time/payroll/providers", headers, body });

let admin: Headers;
let adminId: string;
let staff: Headers;
let ana: { id: string };
let sam: { id: string };
let otherSam: { id: string };

beforeAll(async () => {
  const a = await createUser(testDb.prisma, { role: "admin", firstName: "Ada", lastName: "Admin" });
  adminId = a.id;
  admin = await signIn(a);
  staff = await signIn(await createUser(testDb.prisma, { role: "staff", firstName: "Sid", lastName: "Staff" }));
  ana = await createUser(testDb.prisma, { firstName: "Ana", lastName: "García" });
  sam = await createUser(testDb.prisma, { firstName: "Sam", lastName: "Lee" });
  otherSam = await createUser(testDb.prisma, { firstName: "Sam", lastName: "Lee" });
  await testDb.prisma.user.update({ where: { id: ana.id }, data: { payrollId: "5G9934" } });
  await testDb.prisma.user.update({ where: { id: sam.id }, data: { payrollId: "E-1002" } });
  // Ana: 9 h a day Monday to Friday = 45 h, 5 h of it weekly overtime (over 40 h, on Friday).
  for (const d of ["2024-09-02", "2024-09-03", "2024-09-04", "2024-09-05", "2024-09-06"]) {
    await createPunchSession(testDb.prisma, { userId: ana.id, punchInAt: at(d, 7), punchOutAt: at(d, 16) });
  }
  // Sam: 6 h 15 on Tuesday, and a night shift from Saturday 20:00 to Sunday 06:30.
  await createPunchSession(testDb.prisma, { userId: sam.id, punchInAt: at("2024-09-03", 9), punchOutAt: at("2024-09-03", 15, 15) });
  await createPunchSession(testDb.prisma, { userId: sam.id, punchInAt: at("2024-09-07", 20), punchOutAt: at("2024-09-08", 6, 30) });
  // The other Sam Lee: 3 h on Wednesday.
  await createPunchSession(testDb.prisma, { userId: otherSam.id, punchInAt: at("2024-09-04", 10), punchOutAt: at("2024-09-04", 13) });
});

/** The time card's own figures for a member, in whole minutes. */
async function cardMinutes(userId: string) {
  const card = await call(cardHandler, { path: `/api/admin/time/card?period=${PERIOD}`, headers: admin });
  const row = card.body.rows.find((r: { member: { id: string } }) => r.member.id === userId);
  return { regular: Math.floor(row.totals.regularMs / 60_000), overtime: Math.floor(row.totals.overtimeMs / 60_000) };
}
const minutes = (decimal: string) => Math.round(Number(decimal) * 60);

describe("provider settings", () => {
  it("401, 403, defaults, 400 naming the field, saved and read back (audited), kept when the export options are saved", async () => {
    expect((await getProviders({})).status).toBe(401);
    expect((await getProviders(staff)).status).toBe(403);
    expect((await putProviders(staff, {})).status).toBe(403);
    const first = await getProviders(admin);
    expect(first.status).toBe(200);
    expect(first.body.quickbooks).toMatchObject({ companyName: "", employeeName: "first-last", items: { regular: "Hourly Rate", overtime: "Overtime Rate" } });
    expect(first.body.adp.headers).toEqual({ coCode: "Co Code", batchId: "Batch ID", fileNumber: "File #", regHours: "Reg Hours", otHours: "O/T Hours", hours3Code: "Hours 3 Code", hours3Amount: "Hours 3 Amount" });

    const noFileColumn = await putProviders(admin, { adp: { headers: { fileNumber: " " } } });
    expect(noFileColumn.status).toBe(400);
    expect(noFileColumn.body.message).toMatch(/adp\.headers\.fileNumber is required/);
    const badName = await putProviders(admin, { quickbooks: { employeeName: "first" } });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toMatch(/quickbooks\.employeeName/);
    const badCode = await putProviders(admin, { adp: { companyCode: "A B" } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toMatch(/adp\.companyCode/);

    const saved = await putProviders(admin, { quickbooks: { companyName: "BFS Pet Memorial", employeeName: "last-first", items: { regular: "Hourly", overtime: "Overtime Hourly", doubleTime: "Double Time", premium: "Meal Premium" } } });
    expect(saved.status).toBe(200);
    expect((await getProviders(admin)).body.quickbooks).toMatchObject({ companyName: "BFS Pet Memorial", employeeName: "last-first", items: { regular: "Hourly" } });
    expect(await testDb.prisma.auditLog.count({ where: { action: "time.payroll-providers.update", actorId: adminId } })).toBe(1);

    // Saving the export's options (the dialog does on each download) keeps the provider settings.
    const settings = (await call(getSettingsHandler, { path: "/api/admin/time/payroll/settings", headers: admin })).body;
    expect(settings.providerLayouts.map((l: { id: string }) => l.id)).toEqual(["gusto", "quickbooks-iif", "adp"]);
    const put = await call(putSettingsHandler, { method: "PUT", path: "/api/admin/time/payroll/settings", headers: admin, body: { options: { ...settings.options, layoutId: "gusto" }, layouts: [] } });
    expect(put.status).toBe(200);
    expect((await getProviders(admin)).body.quickbooks.companyName).toBe("BFS Pet Memorial");
    // A saved layout may not take a provider layout's id, nor leave out the identifier column.
    const taken = await call(putSettingsHandler, { method: "PUT", path: "/api/admin/time/payroll/settings", headers: admin, body: { options: settings.options, layouts: [{ id: "adp", name: "Mine", columns: [{ key: "employeeId", header: "ID" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" }] } });
    expect(taken.status).toBe(400);
    const noId = await call(putSettingsHandler, { method: "PUT", path: "/api/admin/time/payroll/settings", headers: admin, body: { options: settings.options, layouts: [{ id: "names", name: "Names", columns: [{ key: "member", header: "Name" }], dateFormat: "yyyy-MM-dd", hoursFormat: "decimal" }] } });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toMatch(/employeeId column/);
  });
});

describe("refusals before any file is written", () => {
  it("403 for staff; a period not locked is named (409) unless asked for; a member the provider cannot match is named (409); XLSX is a 400", async () => {
    expect((await download(staff, "layout=gusto")).status).toBe(403);
    const notLocked = await download(admin, "layout=gusto");
    expect(notLocked.status).toBe(409);
    expect(notLocked.body.message).toMatch(/pay period are not locked yet/);
    expect(notLocked.body.notLocked.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(["Ana García", "Sam Lee"]));

    // Two Sam Lees, one without a payroll ID: Gusto needs the identifier fallback for that one.
    const gusto = await download(admin, "layout=gusto&unlocked=true");
    expect(gusto.status).toBe(409);
    expect(gusto.body.missingIdentifier).toEqual([{ id: otherSam.id, name: "Sam Lee" }]);
    expect(gusto.body.message).toMatch(/^1 member in this export shares a name with another and has no payroll ID\./);
    // QuickBooks matches by the name alone: both are named.
    const iif = await download(admin, "layout=quickbooks-iif&unlocked=true");
    expect(iif.status).toBe(409);
    expect(iif.body.missingIdentifier.map((m: { id: string }) => m.id).sort()).toEqual([sam.id, otherSam.id].sort());
    // ADP needs every File #: the other Sam and the admins/staff without a payroll ID are named.
    const adp = await download(admin, "layout=adp&unlocked=true");
    expect(adp.status).toBe(409);
    expect(adp.body.missingIdentifier.map((m: { id: string }) => m.id)).toContain(otherSam.id);

    const xlsx = await download(admin, "layout=gusto&unlocked=true&format=xlsx");
    expect(xlsx.status).toBe(400);
    expect(xlsx.body.field).toBe("format");
    const badFlag = await download(admin, "layout=gusto&unlocked=yes");
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toMatch(/unlocked/);
  });
});

describe("the files, read back as the provider reads them", () => {
  beforeAll(async () => {
    // The other Sam gets a payroll ID and a distinct name as on the provider's lists; members with no time are left out.
    await testDb.prisma.user.update({ where: { id: otherSam.id }, data: { payrollId: "E-1003", firstName: "Samuel" } });
    const settings = (await call(getSettingsHandler, { path: "/api/admin/time/payroll/settings", headers: admin })).body;
    await call(putSettingsHandler, { method: "PUT", path: "/api/admin/time/payroll/settings", headers: admin, body: { options: { ...settings.options, excludeNoTime: true }, layouts: [] } });
    const locked = await call(lockHandler, { method: "POST", path: "/api/admin/time/locks", headers: admin, body: { period: PERIOD } });
    expect(locked.status).toBe(200);
  });

  it("Gusto: the template's column titles, one row per employee, the time card's hours", async () => {
    const file = await download(admin, "layout=gusto");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("payroll-gusto-2024-09-02-to-2024-09-08.csv");
    expect(file.bytes[0]).not.toBe(0xef); // no BOM before first_name
    const rows = parse(file.bytes, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(["first_name", "last_name", "gusto_employee_id", "regular_hours", "overtime_hours", "double_overtime_hours"]);
    expect(rows.map((r) => `${r.first_name} ${r.last_name} ${r.gusto_employee_id}`)).toEqual(["Ana García 5G9934", "Sam Lee E-1002", "Samuel Lee E-1003"]);
    for (const [row, id] of [[rows[0], ana.id], [rows[1], sam.id], [rows[2], otherSam.id]] as const) {
      const card = await cardMinutes(id);
      expect([minutes(row.regular_hours), minutes(row.overtime_hours)]).toEqual([card.regular, card.overtime]);
    }
    expect(rows[0]).toMatchObject({ regular_hours: "40.00", overtime_hours: "5.00" });
  });

  it("QuickBooks IIF: exact header rows, field counts, MM/DD/YY, durations sum to the card; Windows-1252", async () => {
    const file = await download(admin, "layout=quickbooks-iif");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/plain; charset=windows-1252");
    expect(file.bytes.includes(Buffer.from("Garc\xeda", "latin1"))).toBe(true);
    const text = file.bytes.toString("latin1");
    const lines = text.trimEnd().split("\r\n").map((l) => l.split("\t"));
    expect(lines[0]).toEqual(["!TIMERHDR", "VER", "REL", "COMPANYNAME", "IMPORTEDBEFORE", "FROMTIMER", "COMPANYCREATETIME"]);
    expect(lines[1]).toEqual(["TIMERHDR", "8", "0", "BFS Pet Memorial", "N", "Y", ""]);
    expect(lines[2]).toEqual(["!TIMEACT", "DATE", "JOB", "EMP", "ITEM", "PITEM", "DURATION", "PROJ", "NOTE", "BILLINGSTATUS"]);
    const sums = new Map<string, number>();
    for (const cells of lines.slice(3)) {
      expect(cells).toHaveLength(lines[2].length);
      const row = Object.fromEntries(lines[2].map((h, i) => [h.replace("!", ""), cells[i]]));
      expect(row.TIMEACT).toBe("TIMEACT");
      expect(row.DATE).toMatch(/^09\/0[2-8]\/24$/);
      const [h, m] = row.DURATION.split(":").map(Number);
      expect(h * 60 + m).toBeLessThanOrEqual(23 * 60 + 59);
      sums.set(`${row.EMP}|${row.PITEM}`, (sums.get(`${row.EMP}|${row.PITEM}`) ?? 0) + h * 60 + m);
    }
    for (const [emp, id] of [["García, Ana", ana.id], ["Lee, Sam", sam.id], ["Lee, Samuel", otherSam.id]] as const) {
      const card = await cardMinutes(id);
      expect(sums.get(`${emp}|Hourly`) ?? 0).toBe(card.regular);
      expect(sums.get(`${emp}|Overtime Hourly`) ?? 0).toBe(card.overtime);
    }
    // Sam's night shift counts on both days: 4:00 on Saturday, 6:30 on Sunday.
    expect(lines.filter((c) => c[3] === "Lee, Sam").map((c) => [c[1], c[6]])).toEqual([
      ["09/03/24", "6:15"],
      ["09/07/24", "4:00"],
      ["09/08/24", "6:30"],
    ]);
  });

  it("ADP: 409 until the company code is set, then Co Code, Batch ID and File # on each row and the card's hours", async () => {
    expect((await download(admin, "layout=adp")).status).toBe(409);
    expect((await putProviders(admin, { quickbooks: { companyName: "BFS Pet Memorial" }, adp: { companyCode: "ZX1" } })).status).toBe(200);
    const file = await download(admin, "layout=adp");
    expect(file.status).toBe(200);
    const rows = parse(file.bytes, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(["Co Code", "Batch ID", "File #", "Reg Hours", "O/T Hours", "Hours 3 Code", "Hours 3 Amount"]);
    for (const row of rows) expect([row["Co Code"], row["Batch ID"]]).toEqual(["ZX1", "BFS20240902"]);
    for (const [fileNumber, id] of [["5G9934", ana.id], ["E-1002", sam.id], ["E-1003", otherSam.id]] as const) {
      const own = rows.filter((r) => r["File #"] === fileNumber);
      const card = await cardMinutes(id);
      expect(own.reduce((s, r) => s + minutes(r["Reg Hours"] || "0"), 0)).toBe(card.regular);
      expect(own.reduce((s, r) => s + minutes(r["O/T Hours"] || "0"), 0)).toBe(card.overtime);
    }
  });
});
