import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getFamilyView } from "@/lib/services/cases/family-link";

/** No sign-in; a wrong or revoked token is the same 404; rate-limited per address. */
export const GET = route(op.getFamilyView, async ({ req, params }) => {
  const view = await getFamilyView(String(params.token), getClientInfo(req));
  return Response.json(view, { headers: { "X-Robots-Tag": "noindex, nofollow" } });
});
