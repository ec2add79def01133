import * as op from "@/lib/webhooks/contracts";
import { route } from "@/lib/http/route";
import { deleteWebhook, updateWebhook } from "@/lib/services/webhooks/manage-webhooks";

export const PATCH = route(op.updateWebhook, async ({ caller, params, body }) => updateWebhook(caller, params.id, body));

export const DELETE = route(op.deleteWebhook, async ({ caller, params }) => deleteWebhook(caller, params.id));
