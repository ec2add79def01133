import { route } from "@/lib/http/route";
import { bulkAcknowledgeAlerts } from "@/lib/services/alerts/read-alerts";
import { bulkAcknowledgeSchema } from "@/lib/validations/alerts";

/** Bulk acknowledge. */
export const POST = route(async ({ caller, body }) => bulkAcknowledgeAlerts(caller, (await body(bulkAcknowledgeSchema)).ids), { permission: "alerts.manage" });
