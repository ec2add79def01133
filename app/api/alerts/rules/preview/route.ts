import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { previewAlertRule } from "@/lib/services/alerts/preview-alert-rule";

/** "Test this rule": what it would raise now. Writes and sends nothing. */
export const POST = route(op.previewAlertRule, async ({ caller, body }) => previewAlertRule(caller, body));
