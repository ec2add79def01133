import { CSV_TYPE, fileResponse, pdfResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { timeLogCsv, timeLogPdf } from "@/lib/services/time/exports";
import { getTimeLog } from "@/lib/services/time/get-time-log";
import * as op from "@/lib/time/contracts";

/** The time log's range as CSV (a download) or PDF (inline), same scoping as the read. */
export const GET = route(op.exportTimeLog, async ({ caller, query }) => {
  const { format, ...rest } = query;
  const log = await getTimeLog(caller, rest);
  const base = `time-log-${log.member.lastName}-${log.range.from}-to-${log.range.to}`.replace(/[^A-Za-z0-9._-]+/g, "-");
  if (format === "pdf") return pdfResponse(await timeLogPdf(log), `${base}.pdf`);
  return fileResponse(timeLogCsv(log), { fileName: `${base}.csv`, contentType: CSV_TYPE });
});
