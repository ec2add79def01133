import * as op from "@/lib/accountability/contracts";
import { CSV_TYPE, fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { exportAccountabilityCsv } from "@/lib/services/accountability/accountability";

/** The accountability figures as CSV (members, then departments). */
export const GET = route(op.exportAccountability, async ({ query: period }) => {
  return fileResponse(await exportAccountabilityCsv(period), { fileName: `accountability-${period.from}-to-${period.to}.csv`, contentType: CSV_TYPE });
});
