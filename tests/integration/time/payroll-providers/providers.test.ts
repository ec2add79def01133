/**
 * The provider layouts over fixed data (no database): each file equals its golden file byte for
 * byte, and each parses back, by the format's own rules, to the hours it was written from.
 * Regenerate the golden files after a deliberate change: UPDATE_GOLDEN=1 npx jest tests/integration/time/payroll-providers
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import {
  adpCsv,
  gustoCsv,
  IIF_MAX_MINUTES,
  iifDate,
  iifDuration,
  quickbooksIif,
  splitDuration,
  wholeMinutesByDay,
  type ProviderMember,
} from "@/lib/time/payroll-providers";
import { payrollProviderSettingsSchema } from "@/lib/validations/time";

const H = 3_600_000;
const M = 60_000;
const day = (date: string, regularMs: number, overtimeMs = 0, doubleTimeMs = 0, premiumMs = 0) => ({ date, regularMs, overtimeMs, doubleTimeMs, premiumMs });

/** Two weeks around the fall-back night (2026-11-01 is 25 hours long in America/Chicago). */
export const MEMBERS: ProviderMember[] = [
  {
    id: "m1",
    firstName: "Ana",
    lastName: "García",
    payrollId: "5G9934",
    // 8 h a day, one 13-hour California-style day (8 regular, 4 overtime, 1 double time, 1 premium hour), seconds that must not get lost.
    days: [day("2026-10-26", 8 * H + 30_000), day("2026-10-27", 8 * H + 30_000), day("2026-10-28", 8 * H, 4 * H, 1 * H, 1 * H), day("2026-10-29", 7 * H + 59 * M + 59_000)],
    timeOff: [{ typeId: "t-vac", typeName: "Vacation", days: [{ date: "2026-10-30", hours: 8 }] }],
  },
  {
    id: "m2",
    firstName: "Sam",
    lastName: "Lee",
    payrollId: "E-1002",
    // The fall-back night shift: 25 hours on one day (split into 23:59 + 1:01 in the IIF).
    days: [day("2026-11-01", 25 * H), day("2026-11-02", 6 * H + 15 * M)],
    timeOff: [{ typeId: "t-sick", typeName: "Sick", days: [{ date: "2026-11-03", hours: 4.5 }] }],
  },
  {
    id: "m3",
    firstName: "Sam",
    lastName: "Lee",
    payrollId: "E-1003",
    days: [day("2026-11-02", 40 * H, 2 * H + 30 * M)],
    timeOff: [],
  },
];
const PERIOD = { start: "2026-10-26", end: "2026-11-08" };
const SETTINGS = payrollProviderSettingsSchema.parse({
  quickbooks: { companyName: "BFS Pet Memorial, LLC", employeeName: "last-first", timeOffItems: { Sick: "Sick Hourly" } },
  adp: { companyCode: "ZX1", timeOffCodes: { Vacation: "VAC" } },
});

const golden = (name: string, actual: string) => {
  const file = path.join(__dirname, "golden", name);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
};

/** Minutes a member has of a kind, as the time card shows them (whole minutes of the sum). */
const cardMinutes = (m: ProviderMember, kind: "regularMs" | "overtimeMs" | "doubleTimeMs" | "premiumMs") => Math.floor(m.days.reduce((s, d) => s + d[kind], 0) / M);
const timeOffMinutes = (m: ProviderMember) => m.timeOff.flatMap((t) => t.days).reduce((s, d) => s + d.hours * 60, 0);
const toMinutes = (decimal: string) => Math.round(Number(decimal) * 60);

describe("golden files", () => {
  test("Gusto hours CSV", () => golden("gusto.csv", gustoCsv(MEMBERS)));
  test("QuickBooks Desktop IIF", () => golden("quickbooks.iif", quickbooksIif(MEMBERS, SETTINGS.quickbooks)));
  test("ADP paydata CSV", () => golden("adp.csv", adpCsv(MEMBERS, PERIOD, SETTINGS.adp)));
});

describe("read back as the provider reads them", () => {
  test("IIF: exact header rows, every row has its header's field count, dates MM/DD/YY, no duration over 23:59, durations sum to the card", () => {
    const text = quickbooksIif(MEMBERS, SETTINGS.quickbooks);
    expect(text.startsWith("!TIMERHDR\tVER\tREL\tCOMPANYNAME\tIMPORTEDBEFORE\tFROMTIMER\tCOMPANYCREATETIME\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n").map((l) => l.split("\t"));
    // Each data row belongs to the last header row ("!KEYWORD") above it, with the same number of fields.
    let header: string[] = [];
    const perMember = new Map<string, Map<string, number>>();
    for (const cells of lines) {
      if (cells[0].startsWith("!")) {
        header = cells;
        continue;
      }
      expect(`!${cells[0]}`).toBe(header[0]);
      expect(cells).toHaveLength(header.length);
      if (cells[0] !== "TIMEACT") continue;
      const row = Object.fromEntries(header.map((h, i) => [h, cells[i]]));
      expect(row.DATE).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
      const [h, mm] = row.DURATION.split(":").map(Number);
      expect(row.DURATION).toMatch(/^\d{1,2}:\d{2}$/);
      expect(h * 60 + mm).toBeLessThanOrEqual(IIF_MAX_MINUTES);
      expect(h * 60 + mm).toBeGreaterThan(0);
      const items = perMember.get(row.EMP) ?? new Map<string, number>();
      items.set(row.PITEM, (items.get(row.PITEM) ?? 0) + h * 60 + mm);
      perMember.set(row.EMP, items);
    }
    expect(lines[1]).toEqual(["TIMERHDR", "8", "0", "BFS Pet Memorial, LLC", "N", "Y", ""]);
    expect(lines[2]).toEqual(["!TIMEACT", "DATE", "JOB", "EMP", "ITEM", "PITEM", "DURATION", "PROJ", "NOTE", "BILLINGSTATUS"]);
    const ana = perMember.get("García, Ana")!;
    expect(ana.get("Hourly Rate")).toBe(cardMinutes(MEMBERS[0], "regularMs"));
    expect(ana.get("Overtime Rate")).toBe(4 * 60);
    expect(ana.get("Double-time Rate")).toBe(60);
    expect(ana.get("Meal Break Premium")).toBe(60);
    expect(ana.get("Vacation")).toBe(8 * 60);
    // Both Sam Lees land under one EMP here; the export refuses that case before writing (payroll-rows).
    const sams = perMember.get("Lee, Sam")!;
    expect(sams.get("Hourly Rate")).toBe(cardMinutes(MEMBERS[1], "regularMs") + cardMinutes(MEMBERS[2], "regularMs"));
    expect(sams.get("Sick Hourly")).toBe(4 * 60 + 30);
  });

  test("Gusto: parses back to the same hours per employee, names and ids as given", () => {
    const rows = parse(gustoCsv(MEMBERS), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(["first_name", "last_name", "gusto_employee_id", "regular_hours", "overtime_hours", "double_overtime_hours", "vacation_hours", "sick_hours"]);
    rows.forEach((row, i) => {
      const m = MEMBERS[i];
      expect([row.first_name, row.last_name, row.gusto_employee_id]).toEqual([m.firstName, m.lastName, m.payrollId]);
      expect(toMinutes(row.regular_hours)).toBe(cardMinutes(m, "regularMs"));
      expect(toMinutes(row.overtime_hours)).toBe(cardMinutes(m, "overtimeMs"));
      expect(toMinutes(row.double_overtime_hours)).toBe(cardMinutes(m, "doubleTimeMs"));
      expect(toMinutes(row.vacation_hours) + toMinutes(row.sick_hours)).toBe(timeOffMinutes(m));
    });
  });

  test("ADP: parses back to the same hours per File #, every row keyed by Co Code, Batch ID and File #", () => {
    const rows = parse(adpCsv(MEMBERS, PERIOD, SETTINGS.adp), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(["Co Code", "Batch ID", "File #", "Reg Hours", "O/T Hours", "Hours 3 Code", "Hours 3 Amount"]);
    for (const row of rows) expect([row["Co Code"], row["Batch ID"]]).toEqual(["ZX1", "BFS20261026"]);
    for (const m of MEMBERS) {
      const own = rows.filter((r) => r["File #"] === m.payrollId);
      const sum = (col: string, code?: string) => own.filter((r) => code === undefined || r["Hours 3 Code"] === code).reduce((s, r) => s + (r[col] ? toMinutes(r[col]) : 0), 0);
      expect(sum("Reg Hours")).toBe(cardMinutes(m, "regularMs"));
      expect(sum("O/T Hours")).toBe(cardMinutes(m, "overtimeMs"));
      expect(sum("Hours 3 Amount", "D")).toBe(cardMinutes(m, "doubleTimeMs"));
      expect(sum("Hours 3 Amount", "P")).toBe(cardMinutes(m, "premiumMs"));
      expect(sum("Hours 3 Amount", "VAC") + sum("Hours 3 Amount", "S")).toBe(timeOffMinutes(m));
    }
  });
});

describe("the pieces", () => {
  test("durations split at 23:59", () => {
    expect(splitDuration(0)).toEqual([]);
    expect(splitDuration(IIF_MAX_MINUTES)).toEqual([IIF_MAX_MINUTES]);
    expect(splitDuration(24 * 60)).toEqual([IIF_MAX_MINUTES, 1]);
    expect(splitDuration(25 * 60)).toEqual([IIF_MAX_MINUTES, 61]);
    expect(splitDuration(50 * 60).reduce((a, b) => a + b)).toBe(50 * 60);
  });
  test("whole minutes by day add up to the whole minutes of the sum", () => {
    expect(wholeMinutesByDay([30_000, 30_000, 30_000])).toEqual([0, 1, 0]);
    const ms = [8 * H + 59_999, 59_999, 1, 7 * H + 1_000];
    expect(wholeMinutesByDay(ms).reduce((a, b) => a + b)).toBe(Math.floor(ms.reduce((a, b) => a + b) / M));
  });
  test("IIF dates and durations", () => {
    expect(iifDate("2026-01-05")).toBe("01/05/26");
    expect(iifDate("2000-12-31")).toBe("12/31/00");
    expect(iifDuration(0)).toBe("0:00");
    expect(iifDuration(255)).toBe("4:15");
    expect(iifDuration(IIF_MAX_MINUTES)).toBe("23:59");
  });
  test("a tab or line break in a name never breaks an IIF row", () => {
    const text = quickbooksIif([{ ...MEMBERS[1], firstName: "Sam\tX", lastName: "Lee\r\nY" }], SETTINGS.quickbooks);
    for (const line of text.trimEnd().split("\r\n").slice(3)) expect(line.split("\t")).toHaveLength(10);
  });
});
