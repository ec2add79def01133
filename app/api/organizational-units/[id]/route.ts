import { route } from "@/lib/http/route";
import * as op from "@/lib/org/contracts";
import { deleteUnit } from "@/lib/services/org/delete-unit";
import { getUnit } from "@/lib/services/org/get-unit";
import { updateUnit } from "@/lib/services/org/update-unit";

export const GET = route(op.getUnit, async ({ params }) => getUnit(params.id));

/** Edit and move (a `parentId` moves the unit; null = top level). */
export const PATCH = route(op.updateUnit, async ({ caller, params, body }) => updateUnit(caller, params.id, body));

export const DELETE = route(op.deleteUnit, async ({ caller, params }) => deleteUnit(caller, params.id));
