import { route } from "@/lib/http/route";
import { deleteUnit } from "@/lib/services/org/delete-unit";
import { getUnit } from "@/lib/services/org/get-unit";
import { updateUnit } from "@/lib/services/org/update-unit";
import { updateUnitSchema } from "@/lib/validations/org";

export const GET = route(async ({ params }) => getUnit(params.id), { permission: "units.read" });

/** Edit and move (a `parentId` moves the unit; null = top level). */
export const PATCH = route(async ({ caller, params, body }) => updateUnit(caller, params.id, await body(updateUnitSchema)), { permission: "units.write" });

export const DELETE = route(async ({ caller, params }) => deleteUnit(caller, params.id), { permission: "units.write" });
