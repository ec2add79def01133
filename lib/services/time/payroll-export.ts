import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { toCsv } from "@/lib/exports/csv";
import { toXlsx } from "@/lib/exports/xlsx";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { dayOf, hours, roundForExport, type DateKey } from "@/lib/time/calc";
import { clock24 } from "@/lib/dates/wall-clock";
import {
  payrollExportSettingsSchema,
  type PayrollColumn,
  type PayrollExportOptions,
  type PayrollLayout,
  type payrollExportSettingsResultSchema,
} from "@/lib/validations/time";
import type { z } from "zod";
import { payrollDetailTable } from "./exports";
import { flagWords, XLSX_TYPE } from "@/lib/time/labels";
import { getTimeCard, type TimeCard } from "./get-time-card";
import {
  exportedRows,
  isProviderLayoutId,
  MISSING_PAYROLL_ID,
  missingPayrollIds,
  NOT_LOCKED,
  notLockedRows,
  providerIdentifierProblem,
  PROVIDER_LAYOUT_IDS,
} from "@/lib/time/payroll-rows";
import { adpCsv, gustoCsv, IIF_CONTENT_TYPE, iifBytes, PROVIDER_LAYOUTS, quickbooksIif, type ProviderLayoutId, type ProviderMember } from "@/lib/time/payroll-providers";
import { payrollProviderSettingsSchema, type PayrollProviderSettings } from "@/lib/validations/time";

type Settings = z.infer<typeof payrollExportSettingsResultSchema>;
type Cell = string | number;

export const DEFAULT_PAYROLL_OPTIONS: PayrollExportOptions = {
  excludeVolunteers: false,
  excludeContractors: false,
  excludeNoTime: false,
  usePayrollId: false,
  totalHours: false,
  approval: false,
  period: true,
  layoutId: "standard",
  format: "csv",
};

/** The layouts every organization has. "Payroll summary" is the time card's; "Generic CSV" is what most payroll imports take. */
export const BUILT_IN_LAYOUTS: PayrollLayout[] = [
  {
    id: "standard",
    name: "Payroll summary",
    columns: [
      { key: "member", header: "Member" },
      { key: "email", header: "Email" },
      { key: "employeeId", header: "Employee ID" },
      { key: "memberType", header: "Member type" },
      { key: "periodStart", header: "Period start" },
      { key: "periodEnd", header: "Period end" },
      { key: "regularHours", header: "Regular hours" },
      { key: "overtimeHours", header: "Overtime hours" },
      { key: "totalHours", header: "Total hours" },
      { key: "unpaidBreakHours", header: "Unpaid break hours" },
      { key: "paidBreakHours", header: "Paid break hours" },
      { key: "daysWorked", header: "Days worked" },
      { key: "flags", header: "Flags" },
      { key: "approval", header: "Approval" },
      { key: "approvedBy", header: "Approved by" },
      { key: "approvedAt", header: "Approved at" },
    ],
    dateFormat: "yyyy-MM-dd",
    hoursFormat: "decimal",
  },
  {
    id: "generic-csv",
    name: "Generic CSV",
    columns: [
      { key: "employeeId", header: "Employee ID" },
      { key: "firstName", header: "First name" },
      { key: "lastName", header: "Last name" },
      { key: "payType", header: "Pay type" },
      { key: "periodStart", header: "Period start" },
      { key: "periodEnd", header: "Period end" },
      { key: "regularHours", header: "Regular hours" },
      { key: "overtimeHours", header: "Overtime hours" },
      { key: "totalHours", header: "Total hours" },
      { key: "approvedBy", header: "Approved by" },
      { key: "approvedAt", header: "Approved at" },
    ],
    dateFormat: "yyyy-MM-dd",
    hoursFormat: "decimal",
  },
];
/** Built-in column layouts and the provider layouts (Gusto, QuickBooks IIF, ADP): ids no saved layout may take. */
const BUILT_IN_IDS = new Set<string>([...BUILT_IN_LAYOUTS.map((l) => l.id), ...PROVIDER_LAYOUT_IDS]);

/** Columns shown only when their option is on. */
const GATED: Partial<Record<PayrollColumn, keyof PayrollExportOptions>> = {
  periodStart: "period",
  periodEnd: "period",
  totalHours: "totalHours",
  approvedBy: "approval",
  approvedAt: "approval",
};

type Client = Prisma.TransactionClient | typeof db;

const ID_COLUMN = { key: "employeeId", header: "Employee ID" } as const;

/**
 * A layout saved before every layout had to carry the Employee ID column gets it first, so no
 * export names a person by name alone (a provider matches people by id).
 */
function withIdColumn(stored: unknown): unknown {
  if (!stored || typeof stored !== "object" || !Array.isArray((stored as { layouts?: unknown }).layouts)) return stored;
  const layouts = (stored as { layouts: unknown[] }).layouts.map((layout) => {
    const columns = (layout as { columns?: unknown })?.columns;
    if (!Array.isArray(columns) || columns.some((c) => (c as { key?: unknown })?.key === ID_COLUMN.key)) return layout;
    return { ...(layout as object), columns: [ID_COLUMN, ...columns] };
  });
  return { ...stored, layouts };
}

/** The saved options and layouts (defaults until an admin saves); stored on the time policy row. */
export async function getPayrollExportSettings(client: Client = db): Promise<Settings> {
  const row = await client.timePolicy.findUnique({ where: { id: "default" }, select: { payrollExport: true } });
  const saved = payrollExportSettingsSchema.safeParse(withIdColumn(row?.payrollExport ?? {}));
  const own = saved.success ? saved.data.layouts.filter((l) => !BUILT_IN_IDS.has(l.id)) : [];
  return {
    options: saved.success ? saved.data.options : { ...DEFAULT_PAYROLL_OPTIONS },
    layouts: [...BUILT_IN_LAYOUTS.map((l) => ({ ...l, builtIn: true })), ...own.map((l) => ({ ...l, builtIn: false }))],
    providerLayouts: PROVIDER_LAYOUTS.map((l) => ({ id: l.id, name: l.name, extension: l.extension })),
    providers: providersOf(row?.payrollExport),
  };
}

/** The provider layouts' settings, stored beside the options (`payroll_export.providers`); defaults until saved. */
export function providersOf(stored: unknown): PayrollProviderSettings {
  const value = stored && typeof stored === "object" ? (stored as { providers?: unknown }).providers : undefined;
  const parsed = payrollProviderSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : payrollProviderSettingsSchema.parse({});
}

export const LAYOUT_NOT_FOUND = "Layout not found";
export const BUILT_IN_LAYOUT_ID = "This id belongs to a built-in layout; choose another";

/** PUT /api/admin/time/payroll/settings: the options and the organization's own layouts, audited. */
export async function updatePayrollExportSettings(caller: Pick<Caller, "userId">, input: z.output<typeof payrollExportSettingsSchema>): Promise<Settings> {
  const ids = new Set<string>();
  for (const layout of input.layouts) {
    if (BUILT_IN_IDS.has(layout.id)) throw badLayout(BUILT_IN_LAYOUT_ID, "layouts.id");
    if (ids.has(layout.id)) throw badLayout(`Two layouts have the id "${layout.id}"`);
    ids.add(layout.id);
  }
  if (!BUILT_IN_IDS.has(input.options.layoutId) && !ids.has(input.options.layoutId)) throw badLayout("layoutId: Layout not found", "options.layoutId");
  return db.$transaction(async (tx) => {
    const before = await getPayrollExportSettings(tx);
    // The provider settings live in the same column: kept as they are.
    const value = { options: input.options, layouts: input.layouts, providers: before.providers } as Prisma.InputJsonValue;
    await tx.timePolicy.upsert({ where: { id: "default" }, create: { id: "default", payrollExport: value, updatedById: caller.userId }, update: { payrollExport: value } });
    const after = await getPayrollExportSettings(tx);
    await recordAudit(tx, { actorId: caller.userId, action: "time.payroll-export.update", entityType: "time_policy", entityId: "default", before, after });
    return after;
  });
}

const badLayout = (message: string, field = "layouts") => badRequest(message, { field });

const formatDate = (key: DateKey, format: PayrollLayout["dateFormat"]) => {
  const [y, m, d] = key.split("-");
  return format === "MM/dd/yyyy" ? `${m}/${d}/${y}` : format === "dd/MM/yyyy" ? `${d}/${m}/${y}` : key;
};

/** Hours in the layout's format: a decimal (a number in XLSX, "8.25" in CSV) or "h:mm" of whole minutes. */
const formatHours = (ms: number, format: PayrollLayout["hoursFormat"], xlsx: boolean): Cell => {
  if (format === "hh:mm") {
    const minutes = Math.floor(ms / 60_000);
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
  }
  return xlsx ? Number(hours(ms)) : hours(ms);
};

interface SummaryTable {
  header: string[];
  rows: Cell[][];
}

/** The summary in a layout, with the options applied (rows left out, columns gated). */
export async function payrollSummaryTable(card: TimeCard, layout: PayrollLayout, options: PayrollExportOptions, xlsx = false): Promise<SummaryTable> {
  const kept = exportedRows(card.rows, options);
  // Every row names the person by an id a provider can match: refuse rather than leave one blank.
  const missing = missingPayrollIds(kept, options);
  if (missing.length > 0) {
    throw conflict(MISSING_PAYROLL_ID(missing.length), {
      missingPayrollId: missing.map((row) => ({ id: row.member.id, name: `${row.member.firstName} ${row.member.lastName}`.trim() })),
    });
  }
  const extra = await db.user.findMany({ where: { id: { in: kept.map((r) => r.member.id) } }, select: { id: true, payType: true } });
  const extraOf = new Map(extra.map((u) => [u.id, u]));
  const own = layout.columns.some((c) => c.key === ID_COLUMN.key) ? layout.columns : [ID_COLUMN, ...layout.columns];
  const columns = own.filter((c) => !GATED[c.key] || options[GATED[c.key]!]);
  const step = card.policy.exportRoundingMinutes;
  const timeOffTypes = [...new Map(kept.flatMap((r) => r.timeOff).map((t) => [t.typeId, t])).values()];
  const rows = kept
    .map((row) => {
      const t = roundForExport(row.totals, step);
      const more = extraOf.get(row.member.id);
      const h = (ms: number) => formatHours(ms, layout.hoursFormat, xlsx);
      const value = (key: PayrollColumn): Cell => {
        switch (key) {
          case "member":
            return `${row.member.firstName} ${row.member.lastName}`.trim();
          case "firstName":
            return row.member.firstName;
          case "lastName":
            return row.member.lastName;
          case "email":
            return row.member.email;
          case "employeeId":
            return options.usePayrollId ? (row.member.payrollId ?? "") : row.member.id;
          case "memberType":
            return row.member.memberType;
          case "payType":
            return more?.payType ?? "";
          case "periodStart":
            return formatDate(card.period.start, layout.dateFormat);
          case "periodEnd":
            return formatDate(card.period.end, layout.dateFormat);
          case "regularHours":
            return h(t.regularMs);
          case "overtimeHours":
            return h(t.overtimeMs);
          case "unpaidBreakHours":
            return h(t.unpaidBreakMs);
          case "paidBreakHours":
            return h(t.paidBreakMs);
          case "totalHours":
            return h(t.regularMs + t.overtimeMs + t.doubleTimeMinutes * 60_000);
          case "daysWorked":
            return t.daysWorked;
          case "flags":
            return flagWords(row.flags, false).join("; ");
          case "approval":
            return row.approval.locked ? (row.approval.approved ? "Approved · locked" : "Locked") : row.approval.approved ? "Approved" : "Not approved";
          case "approvedBy":
            return row.approval.approvedBy?.name ?? "";
          case "approvedAt":
            return row.approval.approvedAt
              ? `${formatDate(dayOf(new Date(row.approval.approvedAt), card.timeZone), layout.dateFormat)} ${clock24(row.approval.approvedAt, card.timeZone)}`
              : "";
        }
      };
      // Approved paid time off: one column per type in the period, its own hours (docs/time.md).
      const off = new Map(row.timeOff.map((t) => [t.typeId, t.hours * 3_600_000]));
      return [...columns.map((c) => value(c.key)), ...timeOffTypes.map((t) => formatHours(off.get(t.typeId) ?? 0, layout.hoursFormat, xlsx))];
    });
  return { header: [...columns.map((c) => c.header), ...timeOffTypes.map((t) => `${t.typeName} hours`)], rows };
}

/**
 * GET /api/admin/time/payroll: the summary in a layout (the saved default unless `layout` names
 * one) or the detail (one row per punch), as CSV or XLSX (the saved default unless `format`).
 */
export async function payrollExport(period: string | undefined, kind: "summary" | "detail", choice: { format?: "csv" | "xlsx"; layout?: string; unlocked?: boolean } = {}) {
  const [card, settings] = await Promise.all([getTimeCard(period), getPayrollExportSettings()]);
  const layoutId = choice.layout ?? settings.options.layoutId;
  if (kind === "summary" && isProviderLayoutId(layoutId)) {
    if (choice.format === "xlsx") throw badRequest(`format: the ${layoutId} layout is a ${layoutId === "quickbooks-iif" ? "IIF" : "CSV"} file; leave format out`, { field: "format" });
    return providerExport(card, settings, layoutId, choice.unlocked ?? false);
  }
  const format = choice.format ?? settings.options.format;
  const xlsx = format === "xlsx";
  let table: SummaryTable;
  let name: string;
  if (kind === "summary") {
    const layout = settings.layouts.find((l) => l.id === (choice.layout ?? settings.options.layoutId)) ?? (choice.layout ? null : settings.layouts[0]);
    if (!layout) throw notFound(LAYOUT_NOT_FOUND);
    table = await payrollSummaryTable(card, layout, settings.options, xlsx);
    name = layout.id === "standard" ? "summary" : layout.id;
  } else {
    table = payrollDetailTable(card);
    name = "detail";
  }
  const filename = `payroll-${name}-${card.period.start}-to-${card.period.end}.${format}`;
  if (xlsx) {
    return { body: await toXlsx(kind === "summary" ? "Payroll" : "Punches", table.header, table.rows), filename, contentType: XLSX_TYPE };
  }
  return { body: toCsv(table.header, table.rows, { bom: true }), filename, contentType: "text/csv; charset=utf-8" };
}


const named = (rows: TimeCard["rows"]) => rows.map((row) => ({ id: row.member.id, name: `${row.member.firstName} ${row.member.lastName}`.trim() }));

/** A time card row as the provider writers read it: each day's minutes by kind, paid time off by day. */
function providerMember(row: TimeCard["rows"][number]): ProviderMember {
  return {
    id: row.member.id,
    firstName: row.member.firstName,
    lastName: row.member.lastName,
    payrollId: row.member.payrollId,
    // The card's own day figures: worked = regular + overtime + double time; the premium is pay on top.
    days: row.days.map((d) => ({ date: d.date, regularMs: d.regularMs, overtimeMs: d.overtimeMs, doubleTimeMs: d.doubleTimeMinutes * 60_000, premiumMs: d.premiumMinutes * 60_000 })),
    timeOff: row.timeOff.map((t) => ({ typeId: t.typeId, typeName: t.typeName, days: t.days })),
  };
}

/**
 * A provider file (docs/time.md, "Exports to payroll providers"). Refused before anything is written:
 * a member whose period is not locked (unless `unlocked`), a member the provider could not match
 * (providerIdentifierProblem, the dialog's own check), ADP without its company code. The options
 * that choose the rows (volunteers, contractors, no time) apply; the file's columns are the provider's.
 */
async function providerExport(card: TimeCard, settings: Settings, layoutId: ProviderLayoutId, unlocked: boolean) {
  const kept = exportedRows(card.rows, settings.options);
  const open = notLockedRows(kept);
  if (!unlocked && open.length > 0) throw conflict(NOT_LOCKED(open.length), { notLocked: named(open) });
  const problem = providerIdentifierProblem(layoutId, kept);
  if (problem) throw conflict(problem.message, { missingIdentifier: named(problem.rows) });
  const providers = settings.providers;
  if (layoutId === "adp" && !providers.adp.companyCode) {
    throw conflict("Give the ADP company code (Co Code) under Payroll providers, in the time card's settings, before exporting for ADP.", { field: "adp.companyCode" });
  }
  const members = kept.map(providerMember);
  const base = `payroll-${layoutId}-${card.period.start}-to-${card.period.end}`;
  if (layoutId === "quickbooks-iif") return { body: iifBytes(quickbooksIif(members, providers.quickbooks)), filename: `${base}.iif`, contentType: IIF_CONTENT_TYPE };
  const body = layoutId === "gusto" ? gustoCsv(members) : adpCsv(members, card.period, providers.adp);
  return { body, filename: `${base}.csv`, contentType: "text/csv; charset=utf-8" };
}
