import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/app-error";
import { ruleParamsSchema, type AlertKind, type AlertRuleDto, type AlertRuleInput } from "@/lib/validations/alerts";

/**
 * What the alert-rule operations share (list, create, update, delete, preview: a file each): the
 * rule as answered, as stored, as an input again, and the check that its references exist.
 */

export const RULE_NOT_FOUND = "Alert rule not found";

type RuleRow = Prisma.AlertRuleGetPayload<object>;

export function toDto(rule: RuleRow, counts: { open: number; total: number }): AlertRuleDto {
  const params = ruleParamsSchema.safeParse(rule.config);
  return {
    id: rule.id,
    name: rule.name,
    kind: rule.kind as AlertKind,
    params: params.success ? params.data : { threshold: 0 },
    severity: rule.severity,
    scope: rule.scope as AlertRuleDto["scope"],
    scopeUnitId: rule.scopeUnitId,
    scopeUserIds: rule.scopeUserIds,
    notifySubject: rule.notifySubject,
    notifyCreator: rule.notifyCreator,
    notifyManagers: rule.notifyManagers,
    notifyAdmins: rule.notifyAdmins,
    notifyUserIds: rule.notifyUserIds,
    channelInApp: rule.channelInApp,
    channelEmail: rule.channelEmail,
    isActive: rule.isActive,
    lastFiredAt: rule.lastFiredAt?.toISOString() ?? null,
    lastEvaluatedAt: rule.lastEvaluatedAt?.toISOString() ?? null,
    openCount: counts.open,
    totalCount: counts.total,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

/** What a rule row stores for an input. */
export function toData(input: AlertRuleInput) {
  return {
    name: input.name,
    kind: input.kind,
    config: input.params as Prisma.InputJsonValue,
    severity: input.severity,
    scope: input.scope,
    scopeUnitId: input.scope === "department" ? (input.scopeUnitId ?? null) : null,
    scopeUserIds: input.scope === "members" ? input.scopeUserIds : [],
    notifySubject: input.notifySubject,
    notifyCreator: input.notifyCreator,
    notifyManagers: input.notifyManagers,
    notifyAdmins: input.notifyAdmins,
    notifyUserIds: input.notifyUserIds,
    channelInApp: input.channelInApp,
    channelEmail: input.channelEmail,
    isActive: input.isActive,
  };
}

export function toInput(rule: RuleRow): AlertRuleInput {
  const d = toDto(rule, { open: 0, total: 0 });
  return {
    name: d.name,
    kind: d.kind,
    params: d.params,
    severity: d.severity,
    scope: d.scope,
    scopeUnitId: d.scopeUnitId ?? undefined,
    scopeUserIds: d.scopeUserIds,
    notifySubject: d.notifySubject,
    notifyCreator: d.notifyCreator,
    notifyManagers: d.notifyManagers,
    notifyAdmins: d.notifyAdmins,
    notifyUserIds: d.notifyUserIds,
    channelInApp: d.channelInApp,
    channelEmail: d.channelEmail,
    isActive: d.isActive,
  };
}

export async function assertReferences(input: Pick<AlertRuleInput, "scopeUnitId" | "scopeUserIds" | "notifyUserIds" | "scope">) {
  if (input.scope === "department" && input.scopeUnitId) {
    if (!(await db.organizationalUnit.findUnique({ where: { id: input.scopeUnitId }, select: { id: true } }))) throw badRequest("The department does not exist", { field: "scopeUnitId" });
  }
  const ids = [...new Set([...(input.scope === "members" ? input.scopeUserIds : []), ...input.notifyUserIds])];
  if (ids.length && (await db.user.count({ where: { id: { in: ids } } })) !== ids.length) throw badRequest("A chosen member does not exist", { field: "scopeUserIds" });
}
