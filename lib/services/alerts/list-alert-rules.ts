import "server-only";
import { db } from "@/lib/db";
import type { AlertRuleDto } from "@/lib/validations/alerts";
import { toDto } from "./alert-rule-shape";

export async function listAlertRules(): Promise<{ items: AlertRuleDto[] }> {
  const [rules, open, total] = await Promise.all([
    db.alertRule.findMany({ orderBy: [{ isActive: "desc" }, { name: "asc" }] }),
    db.alert.groupBy({ by: ["ruleId"], where: { ruleId: { not: null }, resolvedAt: null, acknowledgedAt: null }, _count: { _all: true } }),
    db.alert.groupBy({ by: ["ruleId"], where: { ruleId: { not: null } }, _count: { _all: true } }),
  ]);
  const openBy = new Map(open.map((g) => [g.ruleId, g._count._all]));
  const totalBy = new Map(total.map((g) => [g.ruleId, g._count._all]));
  return { items: rules.map((r) => toDto(r, { open: openBy.get(r.id) ?? 0, total: totalBy.get(r.id) ?? 0 })) };
}
