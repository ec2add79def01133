import type { PayrollExportOptions } from "@/lib/validations/time";

/** What a payroll export needs of a time card row to decide whether it is in the file. */
export interface PayrollRowFacts {
  member: { id: string; firstName: string; lastName: string; memberType: string; payrollId: string | null };
  totals: { workedMs: number };
  approval: { approved: boolean };
}

type Leaving = Pick<PayrollExportOptions, "excludeVolunteers" | "excludeContractors" | "excludeNoTime">;

/**
 * The rows a payroll export keeps: volunteers and contractors are left out by their member type
 * (the one source of truth for what the business calls them, never the pay type), members with
 * no time when asked. The export (lib/services/time/payroll-export.ts) and its dialog's warnings
 * use this one rule, so the dialog counts exactly the people in the file.
 */
export function exportedRows<Row extends Pick<PayrollRowFacts, "member" | "totals"> & { timeOff?: readonly unknown[] }>(rows: Row[], options: Leaving): Row[] {
  return rows.filter(
    (row) =>
      !(options.excludeVolunteers && row.member.memberType === "volunteer") &&
      !(options.excludeContractors && row.member.memberType === "contractor") &&
      // Paid time off is time to pay: a member off the whole period stays in the file.
      !(options.excludeNoTime && row.totals.workedMs === 0 && !row.timeOff?.length),
  );
}

/** The rows of an export that would name a person without an id a provider can match (payroll ID asked for, none set). */
export const missingPayrollIds = <Row extends Pick<PayrollRowFacts, "member">>(rows: Row[], options: Pick<PayrollExportOptions, "usePayrollId">): Row[] =>
  options.usePayrollId ? rows.filter((row) => !row.member.payrollId) : [];

export const MISSING_PAYROLL_ID = (n: number) =>
  `${n} ${n === 1 ? "member" : "members"} in this export ${n === 1 ? "has" : "have"} no payroll ID. Give ${n === 1 ? "them one" : "each one"} on the member form, or export with the internal id.`;

/** "8 of 9 members are not approved yet" (the Lock confirmation's words, for the export). */
export const notApprovedText = (notApproved: number, total: number) =>
  `${notApproved} of ${total} ${total === 1 ? "member" : "members"} ${notApproved === 1 ? "is" : "are"} not approved yet`;

// ------------------------------------------------------------------ provider layouts (docs/time.md, "Exports to payroll providers")

/** Gusto, QuickBooks IIF and ADP (lib/time/payroll-providers.ts): ids shared by the export and its dialog. */
export const PROVIDER_LAYOUT_IDS = ["gusto", "quickbooks-iif", "adp"] as const;
export const isProviderLayoutId = (id: string): id is (typeof PROVIDER_LAYOUT_IDS)[number] => (PROVIDER_LAYOUT_IDS as readonly string[]).includes(id);

type Named = Pick<PayrollRowFacts, "member">;
const nameKey = (row: Named) => `${row.member.firstName.trim().toLowerCase()}\u0000${row.member.lastName.trim().toLowerCase()}`;
const sharingAName = <Row extends Named>(rows: Row[]): Row[] => {
  const count = new Map<string, number>();
  for (const row of rows) count.set(nameKey(row), (count.get(nameKey(row)) ?? 0) + 1);
  return rows.filter((row) => count.get(nameKey(row))! > 1);
};

/**
 * The people a provider could not match, with the reason, before any file is written:
 * - Gusto matches by first_name and last_name; two people with the same name need the identifier
 *   fallback (gusto_employee_id, which the file fills from the payroll ID);
 * - ADP matches every row by File # (the payroll ID);
 * - QuickBooks matches a timer activity by the employee's name only, so two people with the same
 *   name cannot be told apart at all.
 */
export function providerIdentifierProblem<Row extends Named>(layoutId: string, rows: Row[]): { message: string; rows: Row[] } | null {
  const n = (list: Row[]) => `${list.length} ${list.length === 1 ? "member" : "members"}`;
  if (layoutId === "gusto") {
    const list = sharingAName(rows).filter((row) => !row.member.payrollId);
    return list.length
      ? {
          rows: list,
          message: `${n(list)} in this export ${list.length === 1 ? "shares a name with another and has" : "share a name and have"} no payroll ID. Gusto tells people with the same name apart by their Gusto employee ID: give it as the payroll ID on the member form.`,
        }
      : null;
  }
  if (layoutId === "adp") {
    const list = rows.filter((row) => !row.member.payrollId);
    return list.length
      ? { rows: list, message: `${n(list)} in this export ${list.length === 1 ? "has" : "have"} no payroll ID. ADP matches each row by File #: give the ADP file number as the payroll ID on the member form.` }
      : null;
  }
  if (layoutId === "quickbooks-iif") {
    const list = sharingAName(rows);
    return list.length
      ? { rows: list, message: `${n(list)} in this export share a name. QuickBooks matches timer activities by the employee's name: make each name unique, as on the QuickBooks employee list.` }
      : null;
  }
  return null;
}

/** Provider files hold locked periods only, unless the export asks for the others too. */
export const notLockedRows = <Row extends { approval: { locked: boolean } }>(rows: Row[]): Row[] => rows.filter((row) => !row.approval.locked);

export const NOT_LOCKED = (n: number) =>
  `${n} ${n === 1 ? "member's" : "members'"} pay period ${n === 1 ? "is" : "are"} not locked yet. Lock the period on the time card, or tick "Include periods not locked yet".`;
