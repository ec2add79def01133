import * as op from "@/lib/accountability/contracts";
import { route } from "@/lib/http/route";
import { exportAccountabilityCsv } from "@/lib/services/accountability/accountability";

/** The accountability figures as CSV (members, then departments). */
export const GET = route(op.exportAccountability, async ({ query: period }) => {
  return new Response(await exportAccountabilityCsv(period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="accountability-${period.from}-to-${period.to}.csv"`,
    },
  });
});
