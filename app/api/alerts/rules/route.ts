import * as op from "@/lib/alerts/contracts";
import { json, route } from "@/lib/http/route";
import { createAlertRule } from "@/lib/services/alerts/create-alert-rule";
import { listAlertRules } from "@/lib/services/alerts/list-alert-rules";

export const GET = route(op.listAlertRules, async () => listAlertRules());

export const POST = route(op.createAlertRule, async ({ caller, body }) => json(await createAlertRule(caller, body), 201));
