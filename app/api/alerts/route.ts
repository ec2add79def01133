import { route } from "@/lib/http/route";
import { listMyAlerts } from "@/lib/services/alerts/read-alerts";
import { myAlertsQuerySchema } from "@/lib/validations/alerts";

/** The bell: my open alerts, newest first, and the unread count. */
export const GET = route(async ({ caller, query }) => listMyAlerts(caller, query(myAlertsQuerySchema).limit), { permission: "alerts.read.own" });
