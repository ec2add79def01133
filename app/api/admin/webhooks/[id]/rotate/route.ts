import * as op from "@/lib/webhooks/contracts";
import { json, route } from "@/lib/http/route";
import { rotateWebhookSecret } from "@/lib/services/webhooks/manage-webhooks";

/** Returns the new signing secret this once. */
export const POST = route(op.rotateWebhookSecret, async ({ caller, params, body }) => json(await rotateWebhookSecret(caller, params.id, body), 200, { "Cache-Control": "no-store" }));
