import { getClientInfo } from "@/lib/auth/client-info";
import * as op from "@/lib/cases/contracts";
import { route } from "@/lib/http/route";
import { checkCertificate } from "@/lib/services/cases/verify-certificate";

/** No sign-in: what a certificate's QR checks. Rate-limited per address; an unknown code is a 404. */
export const GET = route(op.verifyCertificate, async ({ req, params }) => {
  const check = await checkCertificate(String(params.code), getClientInfo(req));
  return Response.json(check, { headers: { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" } });
});
