import { toCsv } from "@/lib/exports/csv";
import type { DateKey } from "@/lib/dates";
import type { PayrollProviderSettings } from "@/lib/validations/time";

/**
 * The built-in payroll provider layouts (docs/time.md, "Exports to payroll providers"): Gusto's hours
 * CSV, QuickBooks Desktop timer activities (IIF) and ADP's paydata CSV. Pure: the service
 * (lib/services/time/payroll-export.ts) hands over each member's minutes by day, these write the file.
 * Everything is in whole minutes, so a file always sums to the time card's hours.
 */

export const PROVIDER_LAYOUTS = [
  { id: "gusto", name: "Gusto hours (CSV)", extension: "csv" },
  { id: "quickbooks-iif", name: "QuickBooks Desktop timer activities (IIF)", extension: "iif" },
  { id: "adp", name: "ADP paydata (CSV)", extension: "csv" },
] as const;
export type ProviderLayoutId = (typeof PROVIDER_LAYOUTS)[number]["id"];
export const isProviderLayout = (id: string): id is ProviderLayoutId => PROVIDER_LAYOUTS.some((l) => l.id === id);

/** One member's pay minutes of the period, day by day (a day with nothing may be left out). */
export interface ProviderMember {
  id: string;
  firstName: string;
  lastName: string;
  payrollId: string | null;
  days: ProviderDay[];
  /** Approved paid time off, by type, with its hours on each day. */
  timeOff: { typeId: string; typeName: string; days: { date: DateKey; hours: number }[] }[];
}
export interface ProviderDay {
  date: DateKey;
  regularMs: number;
  overtimeMs: number;
  doubleTimeMs: number;
  /** Missed-break premium (an extra hour of pay, not worked time). */
  premiumMs: number;
}
export interface ProviderPeriod {
  start: DateKey;
  end: DateKey;
}

const MINUTE = 60_000;

/**
 * Whole minutes of each day such that they always add up to the whole minutes of the sum: the
 * minutes of day i are floor(running sum up to i) − floor(running sum up to i − 1). A day's
 * seconds are never lost or counted twice, so the file sums exactly to the card.
 */
export function wholeMinutesByDay(ms: readonly number[]): number[] {
  let before = 0;
  let sum = 0;
  return ms.map((value) => {
    sum += value;
    const upTo = Math.floor(sum / MINUTE);
    const minutes = upTo - before;
    before = upTo;
    return minutes;
  });
}

/** Decimal hours of whole minutes, 2 places ("8.25"), as everywhere in the time exports. */
export const decimalHours = (minutes: number) => (minutes / 60).toFixed(2);

/** The period's whole minutes of a kind, summed from the day minutes (so it equals the card). */
const periodMinutes = (member: ProviderMember, kind: keyof Omit<ProviderDay, "date">) => wholeMinutesByDay(member.days.map((d) => d[kind])).reduce((a, b) => a + b, 0);
const timeOffMinutes = (days: { hours: number }[]) => days.reduce((sum, d) => sum + Math.round(d.hours * 60), 0);

/** Paid time-off types present in the file, in first-seen order. */
function timeOffTypes(members: readonly ProviderMember[]) {
  return [...new Map(members.flatMap((m) => m.timeOff).map((t) => [t.typeId, t.typeName])).entries()].map(([typeId, typeName]) => ({ typeId, typeName }));
}

/** "Jury duty" → "jury_duty_hours": a Gusto-style column title for a time-off type. */
export const gustoTimeOffTitle = (typeName: string) =>
  `${
    typeName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "") || "time_off"
  }_hours`;

// ------------------------------------------------------------------ Gusto

/** Gusto's hours CSV: one row per employee; column titles as in Gusto's template. */
export const GUSTO_COLUMNS = ["first_name", "last_name", "gusto_employee_id", "regular_hours", "overtime_hours", "double_overtime_hours"] as const;

export function gustoCsv(members: readonly ProviderMember[]): string {
  const types = timeOffTypes(members);
  const header = [...GUSTO_COLUMNS, ...types.map((t) => gustoTimeOffTitle(t.typeName))];
  const rows = members.map((m) => [
    m.firstName,
    m.lastName,
    m.payrollId ?? "",
    decimalHours(periodMinutes(m, "regularMs")),
    decimalHours(periodMinutes(m, "overtimeMs")),
    decimalHours(periodMinutes(m, "doubleTimeMs")),
    ...types.map((t) => decimalHours(timeOffMinutes(m.timeOff.find((o) => o.typeId === t.typeId)?.days ?? []))),
  ]);
  // No BOM: Gusto matches the column titles exactly, and a BOM would stick to "first_name".
  return toCsv(header, rows, { bom: false });
}

// ------------------------------------------------------------------ QuickBooks Desktop IIF

export const IIF_TIMERHDR = ["!TIMERHDR", "VER", "REL", "COMPANYNAME", "IMPORTEDBEFORE", "FROMTIMER", "COMPANYCREATETIME"] as const;
export const IIF_TIMEACT = ["!TIMEACT", "DATE", "JOB", "EMP", "ITEM", "PITEM", "DURATION", "PROJ", "NOTE", "BILLINGSTATUS"] as const;
/** QuickBooks refuses a timer activity longer than this. */
export const IIF_MAX_MINUTES = 23 * 60 + 59;

/** "2026-12-07" → "12/07/26" (the IIF reference's MM/DD/YY). */
export const iifDate = (key: DateKey) => `${key.slice(5, 7)}/${key.slice(8, 10)}/${key.slice(2, 4)}`;
/** Whole minutes → "H:MM". */
export const iifDuration = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
/** An IIF field is one line without tabs: both become spaces. */
const field = (value: string) => value.replace(/[\t\r\n]+/g, " ").trim();

/** Minutes split into parts of at most 23:59 (a 25-hour DST day is 23:59 + 1:01). */
export function splitDuration(minutes: number): number[] {
  const parts: number[] = [];
  for (let left = minutes; left > 0; left -= IIF_MAX_MINUTES) parts.push(Math.min(left, IIF_MAX_MINUTES));
  return parts;
}

/** The EMP name as on the QuickBooks employee list, in the organization's chosen format. */
export function iifEmployeeName(member: Pick<ProviderMember, "firstName" | "lastName">, format: PayrollProviderSettings["quickbooks"]["employeeName"]) {
  const first = member.firstName.trim();
  const last = member.lastName.trim();
  return field(format === "last-first" ? [last, first].filter(Boolean).join(", ") : [first, last].filter(Boolean).join(" "));
}

export interface IifActivity {
  date: DateKey;
  emp: string;
  payrollItem: string;
  minutes: number;
  note: string;
}

/** The activities of the file: a member, a day, a payroll item each (durations already split). */
export function iifActivities(members: readonly ProviderMember[], settings: PayrollProviderSettings["quickbooks"]): IifActivity[] {
  const out: IifActivity[] = [];
  for (const m of members) {
    const emp = iifEmployeeName(m, settings.employeeName);
    const kinds = [
      ["regularMs", settings.items.regular, "Regular"],
      ["overtimeMs", settings.items.overtime, "Overtime"],
      ["doubleTimeMs", settings.items.doubleTime, "Double time"],
      ["premiumMs", settings.items.premium, "Missed-break premium"],
    ] as const;
    const perKind = kinds.map(([kind]) => wholeMinutesByDay(m.days.map((d) => d[kind])));
    const offByDay = new Map<DateKey, { typeName: string; item: string; minutes: number }[]>();
    for (const type of m.timeOff) {
      const item = settings.timeOffItems[type.typeName] || type.typeName;
      for (const d of type.days) {
        const list = offByDay.get(d.date) ?? [];
        list.push({ typeName: type.typeName, item, minutes: Math.round(d.hours * 60) });
        offByDay.set(d.date, list);
      }
    }
    const dates = [...new Set([...m.days.map((d) => d.date), ...offByDay.keys()])].sort();
    for (const date of dates) {
      const index = m.days.findIndex((d) => d.date === date);
      const items: { item: string; minutes: number; note: string }[] = [];
      kinds.forEach(([, item, label], k) => index >= 0 && items.push({ item, minutes: perKind[k][index], note: label }));
      for (const off of offByDay.get(date) ?? []) items.push({ item: off.item, minutes: off.minutes, note: `${off.typeName} (paid time off)` });
      for (const { item, minutes, note } of items) {
        for (const part of splitDuration(minutes)) out.push({ date, emp, payrollItem: field(item), minutes: part, note });
      }
    }
  }
  return out;
}

/** The IIF text: the TIMERHDR block, the TIMEACT header, one TIMEACT row per activity; tabs, CRLF. */
export function quickbooksIif(members: readonly ProviderMember[], settings: PayrollProviderSettings["quickbooks"]): string {
  const lines: string[][] = [
    [...IIF_TIMERHDR],
    ["TIMERHDR", "8", "0", field(settings.companyName), "N", "Y", field(settings.companyCreateTime)],
    [...IIF_TIMEACT],
    ...iifActivities(members, settings).map((a) => ["TIMEACT", iifDate(a.date), "", a.emp, "", a.payrollItem, iifDuration(a.minutes), "", a.note, "0"]),
  ];
  return lines.map((cells) => cells.join("\t")).join("\r\n") + "\r\n";
}

// ------------------------------------------------------------------ ADP

export const ADP_COLUMN_KEYS = ["coCode", "batchId", "fileNumber", "regHours", "otHours", "hours3Code", "hours3Amount"] as const;
export type AdpColumnKey = (typeof ADP_COLUMN_KEYS)[number];

/** A time-off type's ADP hours code: the organization's, else the first letter of its name ("V", "S"). */
export const adpTimeOffCode = (typeName: string, codes: Record<string, string>) => codes[typeName] || typeName.trim().charAt(0).toUpperCase() || "V";

/**
 * ADP paydata CSV: for each employee a row with regular and overtime hours, then a row per other
 * hours code (double time, premium, each paid time-off type) in Hours 3 Code / Hours 3 Amount,
 * every row keyed by Co Code, Batch ID and File # (the payroll ID).
 */
export function adpCsv(members: readonly ProviderMember[], period: ProviderPeriod, settings: PayrollProviderSettings["adp"]): string {
  const header = ADP_COLUMN_KEYS.map((key) => settings.headers[key]);
  const batch = settings.batchId || `BFS${period.start.replaceAll("-", "")}`;
  const rows: string[][] = [];
  for (const m of members) {
    const key = [settings.companyCode, batch, m.payrollId ?? ""];
    rows.push([...key, decimalHours(periodMinutes(m, "regularMs")), decimalHours(periodMinutes(m, "overtimeMs")), "", ""]);
    const other: [string, number][] = [
      [settings.codes.doubleTime, periodMinutes(m, "doubleTimeMs")],
      [settings.codes.premium, periodMinutes(m, "premiumMs")],
      ...m.timeOff.map((t): [string, number] => [adpTimeOffCode(t.typeName, settings.timeOffCodes), timeOffMinutes(t.days)]),
    ];
    for (const [code, minutes] of other) if (minutes > 0) rows.push([...key, "", "", code, decimalHours(minutes)]);
  }
  return toCsv(header, rows, { bom: false });
}

/** QuickBooks Desktop reads an IIF file in the Windows code page, not UTF-8. */
export const IIF_CONTENT_TYPE = "text/plain; charset=windows-1252";

/**
 * The IIF text as Windows-1252 bytes: characters up to U+00FF are the same code in both (García's
 * í is 0xED); anything else (rare in a name) becomes "?", so QuickBooks never reads UTF-8 as
 * "GarcÃ­a".
 */
export function iifBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code <= 0xff ? code : 0x3f;
  }
  return bytes;
}
