import { route } from "@/lib/http/route";
import { previewAlertRule } from "@/lib/services/alerts/alert-rules";
import { alertRuleInputSchema } from "@/lib/validations/alerts";

/** "Test this rule": what it would raise now. Writes and sends nothing. */
export const POST = route(async ({ caller, body }) => previewAlertRule(caller, await body(alertRuleInputSchema)), { permission: "alerts.manage" });
