import { route } from "@/lib/http/route";
import { timeLogCsv, timeLogPdf } from "@/lib/services/time/exports";
import { getTimeLog } from "@/lib/services/time/get-time-log";
import * as op from "@/lib/time/contracts";

/** The time log's range as CSV (a download) or PDF (inline), same scoping as the read. */
export const GET = route(op.exportTimeLog, async ({ caller, query }) => {
  const { format, ...rest } = query;
  const log = await getTimeLog(caller, rest);
  const base = `time-log-${log.member.lastName}-${log.range.from}-to-${log.range.to}`.replace(/[^A-Za-z0-9._-]+/g, "-");
  if (format === "pdf") {
    return new Response(Buffer.from(await timeLogPdf(log)), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${base}.pdf"`, "Cache-Control": "no-store" },
    });
  }
  return new Response(timeLogCsv(log), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${base}.csv"`, "Cache-Control": "no-store" },
  });
});
