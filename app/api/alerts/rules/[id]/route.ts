import { route } from "@/lib/http/route";
import { deleteAlertRule, updateAlertRule } from "@/lib/services/alerts/alert-rules";
import { updateAlertRuleSchema } from "@/lib/validations/alerts";

/** Edit, pause ({ isActive: false }) or resume a rule. */
export const PATCH = route(async ({ caller, params, body }) => updateAlertRule(caller, String(params.id), await body(updateAlertRuleSchema)), { permission: "alerts.manage" });

export const DELETE = route(async ({ caller, params }) => deleteAlertRule(caller, String(params.id)), { permission: "alerts.manage" });
