import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { removePunchPost, updatePunchPost } from "@/lib/services/punch/punch-posts";

export const PATCH = route(op.updatePunchPost, async ({ caller, params, body }) => updatePunchPost(caller, String(params.id), body));

export const DELETE = route(op.removePunchPost, async ({ caller, params }) => removePunchPost(caller, String(params.id)));
