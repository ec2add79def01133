import * as op from "@/lib/webhooks/contracts";
import { route } from "@/lib/http/route";
import { resendWebhookDelivery } from "@/lib/services/webhooks/delivery-log";

export const POST = route(op.resendWebhookDelivery, async ({ caller, params }) => resendWebhookDelivery(caller, params.id));
