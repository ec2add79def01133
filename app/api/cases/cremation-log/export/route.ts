import { CSV_TYPE, fileResponse, pdfResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { cremationLogCsv, cremationLogDocument, cremationLogFileName, cremationLogPdf } from "@/lib/services/cases/cremation-log";

/** The cremation log of a range: PDF inline (for printing), CSV as a download. */
export const GET = route(op.exportCremationLog, async ({ caller, query }) => {
  const { format, ...range } = query;
  const doc = await cremationLogDocument(range, `${caller.firstName} ${caller.lastName}`.trim());
  if (format === "pdf") return pdfResponse(await cremationLogPdf(doc), cremationLogFileName(doc, "pdf"));
  return fileResponse(cremationLogCsv(doc), { fileName: cremationLogFileName(doc, "csv"), contentType: CSV_TYPE });
});
