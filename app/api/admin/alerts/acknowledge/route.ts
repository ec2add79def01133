import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { bulkAcknowledgeAlerts } from "@/lib/services/alerts/bulk-acknowledge-alerts";

/** Bulk acknowledge. */
export const POST = route(op.bulkAcknowledgeAlerts, async ({ caller, body }) => bulkAcknowledgeAlerts(caller, body.ids));
