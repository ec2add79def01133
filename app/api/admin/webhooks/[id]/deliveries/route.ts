import * as op from "@/lib/webhooks/contracts";
import { route } from "@/lib/http/route";
import { listWebhookDeliveries } from "@/lib/services/webhooks/delivery-log";

export const GET = route(op.listWebhookDeliveries, async ({ params, query }) => listWebhookDeliveries(params.id, query));
