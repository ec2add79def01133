import * as op from "@/lib/webhooks/contracts";
import { json, route } from "@/lib/http/route";
import { createWebhook, listWebhooks } from "@/lib/services/webhooks/manage-webhooks";

export const GET = route(op.listWebhooks, async () => listWebhooks());

/** Returns the signing secret this once; it is stored encrypted. */
export const POST = route(op.createWebhook, async ({ caller, body }) => json(await createWebhook(caller, body), 201, { "Cache-Control": "no-store" }));
