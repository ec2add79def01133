import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { canTriageBetaIssue } from "@/lib/beta-issues/permissions";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { UpdateBetaIssueInput } from "@/lib/validations/beta-issues";
import { BETA_ISSUE_NOT_FOUND, betaIssueIdOrNotFound, visibleBetaIssueWhere } from "./visibility";
import { getBetaIssue } from "./get-beta-issue";
import type { BetaIssueDetailDto } from "./beta-issue-shape";

/**
 * Triage (admins): a new status and/or severity. The issue row is locked while it changes, and
 * one history row plus one audit row record exactly what changed; an update that changes
 * nothing writes nothing. The reporter sees the change on the issue and in their list.
 */
export async function updateBetaIssue(caller: Caller, id: string, input: UpdateBetaIssueInput): Promise<BetaIssueDetailDto> {
  betaIssueIdOrNotFound(id);
  await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM beta_issues WHERE id = ${id}::uuid FOR UPDATE`;
    const issue = locked.length
      ? await tx.betaIssue.findFirst({ where: { id, ...visibleBetaIssueWhere(caller) }, select: { id: true, status: true, severity: true } })
      : null;
    if (!issue) throw notFound(BETA_ISSUE_NOT_FOUND);
    if (!canTriageBetaIssue(caller)) throw forbidden("Only administrators can change a beta issue's status or severity");

    const status = input.status !== undefined && input.status !== issue.status ? input.status : undefined;
    const severity = input.severity !== undefined && input.severity !== issue.severity ? input.severity : undefined;
    if (status === undefined && severity === undefined) return;

    await tx.betaIssue.update({ where: { id }, data: { status, severity } });
    await tx.betaIssueStatusChange.create({
      data: {
        betaIssueId: id,
        actorId: caller.userId,
        fromStatus: status !== undefined ? issue.status : null,
        toStatus: status ?? null,
        fromSeverity: severity !== undefined ? issue.severity : null,
        toSeverity: severity ?? null,
      },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "beta_issue.update",
      entityType: "beta_issue",
      entityId: id,
      before: { ...(status !== undefined && { status: issue.status }), ...(severity !== undefined && { severity: issue.severity }) },
      after: { ...(status !== undefined && { status }), ...(severity !== undefined && { severity }) },
    });
  });
  return getBetaIssue(caller, id);
}
