import { json, route } from "@/lib/http/route";
import { checkReadiness } from "@/lib/services/system/check-readiness";
import * as op from "@/lib/system/contracts";

/** Readiness (docs/operations.md): 200 when this instance should get traffic, else 503 with the reason. */
export const GET = route(op.checkReadiness, async () => {
  const readiness = await checkReadiness();
  return json(readiness, readiness.ok ? 200 : 503, { "Cache-Control": "no-store", ...(readiness.ok ? {} : { "Retry-After": "5" }) });
});
