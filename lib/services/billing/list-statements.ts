import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf } from "@/lib/dates";
import { db } from "@/lib/db";
import type { StatementSummaryAnswer } from "@/lib/validations/billing";
import { statementSummary } from "./statement-shape";

/** GET /api/billing/statements: issued statements, newest month first (a clinic's, or a month's). */
export async function listStatements(caller: Caller, query: { clinicVendorId?: string; month?: string }): Promise<{ statements: StatementSummaryAnswer[] }> {
  void caller;
  const rows = await db.statement.findMany({
    where: { ...(query.clinicVendorId ? { clinicVendorId: query.clinicVendorId } : {}), ...(query.month ? { periodStart: dateColumnOf(`${query.month}-01`) } : {}) },
    orderBy: [{ periodStart: "desc" }, { clinicName: "asc" }, { id: "asc" }],
    take: 500,
    include: { emails: { select: { status: true } } },
  });
  return { statements: rows.map(statementSummary) };
}
