import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCaseAuthorization, signCaseAuthorization } from "@/lib/services/cases/authorization";

export const GET = route(op.getCaseAuthorization, async ({ caller, params }) => getCaseAuthorization(caller, String(params.number)));

export const POST = route(op.signCaseAuthorization, async ({ req, caller, params, body }) => {
  const answer = await signCaseAuthorization(caller, String(params.number), body, getClientInfo(req));
  return Response.json(answer.body, { status: answer.status });
});
