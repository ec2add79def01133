import { json, route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { scanCase } from "@/lib/services/cases/scan-case";

/** 201 with the event; 200 for a clientUuid seen before; an offline replay gets its first answer (a stored 409 included). */
export const POST = route(op.scanCase, async ({ caller, params, body }) => {
  const answer = await scanCase(caller, String(params.number), body);
  return json(answer.body, answer.status);
});
