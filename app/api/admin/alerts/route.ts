import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { listAdminAlerts } from "@/lib/services/alerts/list-admin-alerts";

/** The organization's alerts (open by default), filtered by severity, rule, department, member. */
export const GET = route(op.listAdminAlerts, async ({ caller, query }) => listAdminAlerts(caller, query));
