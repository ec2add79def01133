import { route } from "@/lib/http/route";
import { exportAccountabilityCsv } from "@/lib/services/accountability/accountability";
import { accountabilityQuerySchema } from "@/lib/validations/alerts";

/** The accountability figures as CSV (members, then departments). */
export const GET = route(async ({ query }) => {
  const period = query(accountabilityQuerySchema);
  return new Response(await exportAccountabilityCsv(period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="accountability-${period.from}-to-${period.to}.csv"`,
    },
  });
}, { permission: "accountability.read" });
