import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import { RULE_NOT_FOUND, toData, toInput } from "./alert-rule-shape";

/** Deletes the rule; its alerts stay in the history (rule cleared), the open ones resolved. */
export async function deleteAlertRule(caller: Caller, rawId: string): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, RULE_NOT_FOUND);
  await db.$transaction(async (tx) => {
    const current = await tx.alertRule.findUnique({ where: { id } });
    if (!current) throw notFound(RULE_NOT_FOUND);
    await tx.alert.updateMany({ where: { ruleId: id, resolvedAt: null }, data: { resolvedAt: new Date() } });
    await tx.alertRule.delete({ where: { id } });
    await recordAudit(tx, { actorId: caller.userId, action: "alert-rule.delete", entityType: "alert_rule", entityId: id, before: toData(toInput(current)) });
  });
  return { ok: true };
}
