import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { AlertRuleDto, AlertRuleInput } from "@/lib/validations/alerts";
import { requestAlertEvaluation } from "./request-evaluation";
import { assertReferences, toData, toDto } from "./alert-rule-shape";

export async function createAlertRule(caller: Caller, input: AlertRuleInput): Promise<AlertRuleDto> {
  await assertReferences(input);
  const rule = await db.$transaction(async (tx) => {
    const created = await tx.alertRule.create({ data: { ...toData(input), createdById: caller.userId } });
    await recordAudit(tx, { actorId: caller.userId, action: "alert-rule.create", entityType: "alert_rule", entityId: created.id, after: toData(input) });
    return created;
  });
  if (rule.isActive) requestAlertEvaluation("rule-saved");
  return toDto(rule, { open: 0, total: 0 });
}
