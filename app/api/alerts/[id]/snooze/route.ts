import { route } from "@/lib/http/route";
import { snoozeAlert } from "@/lib/services/alerts/read-alerts";
import { snoozeAlertSchema } from "@/lib/validations/alerts";

/** Snooze an alert I received for `minutes` (admins: any alert). */
export const POST = route(async ({ caller, params, body }) => snoozeAlert(caller, String(params.id), (await body(snoozeAlertSchema)).minutes), { permission: "alerts.read.own" });
