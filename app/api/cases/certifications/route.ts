import { json, route } from "@/lib/http/route";
import * as op from "@/lib/cases/chamber-contracts";
import { addCertification, listCertifications } from "@/lib/services/cases/operators";

export const GET = route(op.listCertifications, async ({ query }) => listCertifications(query));
export const POST = route(op.addCertification, async ({ caller, body }) => {
  const answer = await addCertification(caller, body);
  return json(answer.body, answer.status);
});
