import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { listMyAlerts } from "@/lib/services/alerts/list-my-alerts";

/** The bell: my open alerts, newest first, and the unread count. */
export const GET = route(op.listMyAlerts, async ({ caller, query }) => listMyAlerts(caller, query.limit));
