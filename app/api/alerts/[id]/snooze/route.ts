import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { snoozeAlert } from "@/lib/services/alerts/snooze-alert";

/** Snooze an alert I received for `minutes` (admins: any alert). */
export const POST = route(op.snoozeAlert, async ({ caller, params, body }) => snoozeAlert(caller, String(params.id), body.minutes));
