import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { loadStatement } from "./statement-shape";
import { statementCsv, statementFileName, statementIif, statementPdf } from "./statement-files";

export type StatementFormat = "pdf" | "csv" | "iif";

export interface StatementFile {
  body: string | Uint8Array;
  fileName: string;
  contentType: string;
}

async function fileOf(id: string, format: StatementFormat, clinicVendorId?: string): Promise<StatementFile> {
  const statement = await loadStatement(id, clinicVendorId);
  if (format === "csv") return { body: statementCsv(statement), fileName: statementFileName(statement, "csv"), contentType: "text/csv; charset=utf-8" };
  if (format === "iif") return { body: statementIif(statement), fileName: statementFileName(statement, "iif"), contentType: "application/vnd.intuit.iif" };
  return { body: await statementPdf(statement), fileName: statementFileName(statement, "pdf"), contentType: "application/pdf" };
}

/** GET /api/billing/statements/{id}/file?format=pdf|csv|iif. */
export async function getStatementFile(caller: Caller, id: string, format: StatementFormat): Promise<StatementFile> {
  void caller;
  return fileOf(id, format);
}

/** The clinic portal's download: another clinic's statement is the same 404 as a missing one. */
export async function getClinicStatementFile(clinicVendorId: string, id: string, format: "pdf" | "csv"): Promise<StatementFile> {
  return fileOf(id, format, clinicVendorId);
}
