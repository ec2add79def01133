import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { AlertFindingDto, AlertRuleInput } from "@/lib/validations/alerts";
import { findConditions } from "./findings";
import { subjectTitle } from "./evaluate-rules";

/** "Test this rule": what would fire now, without writing or sending anything. */
export async function previewAlertRule(caller: Caller, input: AlertRuleInput): Promise<{ items: AlertFindingDto[]; total: number }> {
  const findings = await findConditions(db, { kind: input.kind, params: input.params, scope: input.scope, scopeUnitId: input.scopeUnitId ?? null, scopeUserIds: input.scopeUserIds }, new Date());
  const viewer = { userId: caller.userId, role: caller.role };
  return {
    total: findings.length,
    items: findings.slice(0, 100).map((f) => {
      const { title, hidden } = subjectTitle(f, viewer);
      return { subjectType: f.subjectType, subjectId: f.subjectId, occurrence: f.occurrence, title, message: f.message, href: hidden ? null : f.href, memberName: f.memberName };
    }),
  };
}
