import { route } from "@/lib/http/route";
import { acknowledgeAlert } from "@/lib/services/alerts/read-alerts";

/** Acknowledge an alert I received (admins: any alert). */
export const POST = route(async ({ caller, params }) => acknowledgeAlert(caller, String(params.id)), { permission: "alerts.read.own" });
