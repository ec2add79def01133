import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { deleteAlertRule } from "@/lib/services/alerts/delete-alert-rule";
import { updateAlertRule } from "@/lib/services/alerts/update-alert-rule";

/** Edit, pause ({ isActive: false }) or resume a rule. */
export const PATCH = route(op.updateAlertRule, async ({ caller, params, body }) => updateAlertRule(caller, String(params.id), body));

export const DELETE = route(op.deleteAlertRule, async ({ caller, params }) => deleteAlertRule(caller, String(params.id)));
