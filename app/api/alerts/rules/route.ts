import { json, route } from "@/lib/http/route";
import { createAlertRule, listAlertRules } from "@/lib/services/alerts/alert-rules";
import { alertRuleInputSchema } from "@/lib/validations/alerts";

export const GET = route(async () => listAlertRules(), { permission: "alerts.manage" });

export const POST = route(async ({ caller, body }) => json(await createAlertRule(caller, await body(alertRuleInputSchema)), 201), { permission: "alerts.manage" });
