import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getFamilyAuthorization, signFamilyAuthorization } from "@/lib/services/cases/authorization";

const NOINDEX = { "X-Robots-Tag": "noindex, nofollow" };

/** No sign-in; a wrong or revoked token is the same 404; rate-limited with the family page. */
export const GET = route(op.getFamilyAuthorization, async ({ req, params }) =>
  Response.json(await getFamilyAuthorization(String(params.token), getClientInfo(req)), { headers: NOINDEX }),
);

export const POST = route(op.signFamilyAuthorization, async ({ req, params, body }) => {
  const answer = await signFamilyAuthorization(String(params.token), body, getClientInfo(req));
  return Response.json(answer.body, { status: answer.status, headers: NOINDEX });
});
