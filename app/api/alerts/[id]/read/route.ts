import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { markAlertRead } from "@/lib/services/alerts/mark-alert-read";

/** Opening an alert from the bell marks it read for me (the count drops; it stays listed until acknowledged). */
export const POST = route(op.markAlertRead, async ({ caller, params }) => markAlertRead(caller, String(params.id)));
