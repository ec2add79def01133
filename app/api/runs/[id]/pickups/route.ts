import { json, route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { recordPickup } from "@/lib/services/runs/record-pickup";

/** 201 with the pickup; 200 for a pet already picked up; an offline replay gets its first answer (a stored refusal included). */
export const POST = route(op.recordPickup, async ({ caller, params, body }) => {
  const answer = await recordPickup(caller, String(params.id), body);
  return json(answer.body, answer.status);
});
