import { json, route } from "@/lib/http/route";
import * as op from "@/lib/org/contracts";
import { createUnit } from "@/lib/services/org/create-unit";
import { listUnits } from "@/lib/services/org/list-units";

export const GET = route(op.listUnits, async () => listUnits());

export const POST = route(op.createUnit, async ({ caller, body }) => json(await createUnit(caller, body), 201));
