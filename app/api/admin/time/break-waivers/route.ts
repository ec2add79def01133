import { route } from "@/lib/http/route";
import { waiveBreak } from "@/lib/services/time/waive-break";
import * as op from "@/lib/time/contracts";

/** Waive a member's missed-break premium of one day and kind, with a reason (audited). */
export const POST = route(op.waiveBreak, async ({ caller, body }) => waiveBreak(caller, body));
