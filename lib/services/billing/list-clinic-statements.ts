import "server-only";
import { db } from "@/lib/db";
import type { StatementSummaryAnswer } from "@/lib/validations/billing";
import { statementSummary } from "./statement-shape";

/**
 * One clinic's issued statements, newest first: for the clinic portal, whose route checks that
 * the caller is a user of `clinicVendorId` before calling (docs/billing.md). The download is getClinicStatementFile (./get-statement-file.ts).
 */
export async function listClinicStatements(clinicVendorId: string): Promise<{ statements: StatementSummaryAnswer[] }> {
  const rows = await db.statement.findMany({
    where: { clinicVendorId },
    orderBy: [{ periodStart: "desc" }, { id: "asc" }],
    take: 240,
    include: { emails: { select: { status: true } } },
  });
  return { statements: rows.map(statementSummary) };
}
