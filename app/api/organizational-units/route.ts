import { json, route } from "@/lib/http/route";
import { createUnit } from "@/lib/services/org/create-unit";
import { listUnits } from "@/lib/services/org/list-units";
import { createUnitSchema } from "@/lib/validations/org";

export const GET = route(async () => listUnits(), { permission: "units.read" });

export const POST = route(async ({ caller, body }) => json(await createUnit(caller, await body(createUnitSchema)), 201), { permission: "units.write" });
