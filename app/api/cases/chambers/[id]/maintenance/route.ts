import { json, route } from "@/lib/http/route";
import * as op from "@/lib/cases/chamber-contracts";
import { addMaintenance, listMaintenance } from "@/lib/services/cases/chamber-maintenance";

export const GET = route(op.listChamberMaintenance, async ({ params, query }) => listMaintenance(String(params.id), query));
export const POST = route(op.addChamberMaintenance, async ({ caller, params, body }) => {
  const answer = await addMaintenance(caller, String(params.id), body);
  return json(answer.body, answer.status);
});
