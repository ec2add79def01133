import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/http/app-error";
import { recordAudit, changedFields } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import { alertRuleInputSchema, type AlertRuleDto, type UpdateAlertRuleInput } from "@/lib/validations/alerts";
import { requestAlertEvaluation } from "./request-evaluation";
import { RULE_NOT_FOUND, assertReferences, toData, toDto, toInput } from "./alert-rule-shape";

export async function updateAlertRule(caller: Caller, rawId: string, patch: UpdateAlertRuleInput): Promise<AlertRuleDto> {
  const id = idOrNotFound(rawId, RULE_NOT_FOUND);
  const current = await db.alertRule.findUnique({ where: { id } });
  if (!current) throw notFound(RULE_NOT_FOUND);
  const merged = alertRuleInputSchema.safeParse({ ...toInput(current), ...patch });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw badRequest(`${issue.path.join(".") || "rule"}: ${issue.message}`);
  }
  await assertReferences(merged.data);
  const data = toData(merged.data);
  const rule = await db.$transaction(async (tx) => {
    const updated = await tx.alertRule.update({ where: { id }, data });
    // A paused rule no longer watches: its open alerts end now. A changed condition starts afresh.
    if (!updated.isActive) await tx.alert.updateMany({ where: { ruleId: id, resolvedAt: null }, data: { resolvedAt: new Date() } });
    const diff = changedFields(toData(toInput(current)) as Record<string, unknown>, data as Record<string, unknown>);
    await recordAudit(tx, { actorId: caller.userId, action: updated.isActive === current.isActive ? "alert-rule.update" : updated.isActive ? "alert-rule.resume" : "alert-rule.pause", entityType: "alert_rule", entityId: id, before: diff.before, after: diff.after });
    return updated;
  });
  if (rule.isActive) requestAlertEvaluation("rule-saved");
  const [open, total] = await Promise.all([db.alert.count({ where: { ruleId: id, resolvedAt: null, acknowledgedAt: null } }), db.alert.count({ where: { ruleId: id } })]);
  return toDto(rule, { open, total });
}
