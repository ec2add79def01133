import { json, route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { createChamber, listChambers } from "@/lib/services/cases/chambers";

export const GET = route(op.listChambers, async () => listChambers());
export const POST = route(op.createChamber, async ({ caller, body }) => json(await createChamber(caller, body), 201));
