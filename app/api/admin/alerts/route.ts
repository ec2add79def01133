import { route } from "@/lib/http/route";
import { listAdminAlerts } from "@/lib/services/alerts/read-alerts";
import { adminAlertsQuerySchema } from "@/lib/validations/alerts";

/** The organization's alerts (open by default), filtered by severity, rule, department, member. */
export const GET = route(async ({ caller, query }) => listAdminAlerts(caller, query(adminAlertsQuerySchema)), { permission: "alerts.manage" });
