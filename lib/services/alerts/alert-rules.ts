import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, notFound } from "@/lib/http/app-error";
import { recordAudit, changedFields } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import {
  alertRuleInputSchema,
  ruleParamsSchema,
  type AlertFindingDto,
  type AlertKind,
  type AlertRuleDto,
  type AlertRuleInput,
  type UpdateAlertRuleInput,
} from "@/lib/validations/alerts";
import { findConditions } from "./findings";
import { subjectTitle } from "./evaluate-rules";
import { requestAlertEvaluation } from "./request-evaluation";

/** Alert rules: list with last fired time and counts, create, edit, pause, delete (audited), preview. */

const RULE_NOT_FOUND = "Alert rule not found";
type RuleRow = Prisma.AlertRuleGetPayload<object>;

function toDto(rule: RuleRow, counts: { open: number; total: number }): AlertRuleDto {
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
function toData(input: AlertRuleInput) {
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

function toInput(rule: RuleRow): AlertRuleInput {
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

async function assertReferences(input: Pick<AlertRuleInput, "scopeUnitId" | "scopeUserIds" | "notifyUserIds" | "scope">) {
  if (input.scope === "department" && input.scopeUnitId) {
    if (!(await db.organizationalUnit.findUnique({ where: { id: input.scopeUnitId }, select: { id: true } }))) throw badRequest("The department does not exist", { field: "scopeUnitId" });
  }
  const ids = [...new Set([...(input.scope === "members" ? input.scopeUserIds : []), ...input.notifyUserIds])];
  if (ids.length && (await db.user.count({ where: { id: { in: ids } } })) !== ids.length) throw badRequest("A chosen member does not exist", { field: "scopeUserIds" });
}

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

/** "Test this rule": what would fire now, without writing or sending anything. */
export async function previewAlertRule(caller: Caller, input: AlertRuleInput): Promise<{ items: AlertFindingDto[]; total: number }> {
  const findings = await findConditions(db, { kind: input.kind, params: input.params, scope: input.scope, scopeUnitId: input.scopeUnitId ?? null, scopeUserIds: input.scopeUserIds }, new Date());
  const viewer = { userId: caller.userId, role: caller.role };
  return {
    total: findings.length,
    items: findings.slice(0, 100).map((f) => {
      const title = subjectTitle(f, viewer);
      const hidden = f.task !== null && title === "Private task";
      return { subjectType: f.subjectType, subjectId: f.subjectId, occurrence: f.occurrence, title, message: f.message, href: hidden ? null : f.href, memberName: f.memberName };
    }),
  };
}
