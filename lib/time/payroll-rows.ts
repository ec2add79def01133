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
export function exportedRows<Row extends Pick<PayrollRowFacts, "member" | "totals">>(rows: Row[], options: Leaving): Row[] {
  return rows.filter(
    (row) =>
      !(options.excludeVolunteers && row.member.memberType === "volunteer") &&
      !(options.excludeContractors && row.member.memberType === "contractor") &&
      !(options.excludeNoTime && row.totals.workedMs === 0),
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
