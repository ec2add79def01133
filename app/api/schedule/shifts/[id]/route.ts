import { route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { deleteShift } from "@/lib/services/schedule/delete-shift";
import { getShift } from "@/lib/services/schedule/get-shift";
import { updateShift } from "@/lib/services/schedule/update-shift";

export const GET = route(op.getShift, async ({ caller, params }) => getShift(caller, String(params.id)));
export const PATCH = route(op.updateShift, async ({ caller, params, body }) => updateShift(caller, String(params.id), body));
export const DELETE = route(op.deleteShift, async ({ caller, params }) => deleteShift(caller, String(params.id)));
