import { json, route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { createCase } from "@/lib/services/cases/create-case";
import { listCases } from "@/lib/services/cases/list-cases";

export const GET = route(op.listCases, async ({ caller, query }) => listCases(caller, query));

/** 201 with the case; 200 with the first case when the uuid was used before (idempotent). */
export const POST = route(op.createCase, async ({ caller, body }) => {
  const { case: detail, created } = await createCase(caller, body);
  return json(detail, created ? 201 : 200);
});
