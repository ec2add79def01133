import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { removePunchPost } from "@/lib/services/punch/remove-punch-post";
import { updatePunchPost } from "@/lib/services/punch/update-punch-post";

export const PATCH = route(op.updatePunchPost, async ({ caller, params, body }) => updatePunchPost(caller, String(params.id), body));

export const DELETE = route(op.removePunchPost, async ({ caller, params }) => removePunchPost(caller, String(params.id)));
