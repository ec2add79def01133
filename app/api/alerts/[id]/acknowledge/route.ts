import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { acknowledgeAlert } from "@/lib/services/alerts/acknowledge-alert";

/** Acknowledge an alert I received (admins: any alert). */
export const POST = route(op.acknowledgeAlert, async ({ caller, params }) => acknowledgeAlert(caller, String(params.id)));
