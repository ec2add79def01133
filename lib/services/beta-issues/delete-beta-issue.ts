import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { canTriageBetaIssue } from "@/lib/beta-issues/permissions";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { logLine } from "@/lib/http/log";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { getStorage } from "@/lib/storage";
import { BETA_ISSUE_NOT_FOUND, betaIssueIdOrNotFound, visibleBetaIssueWhere } from "./visibility";

/**
 * Deletes an issue (admins) with its comments, history and attachment rows, then its files:
 * the files go only after the delete committed, so a failed delete never leaves rows pointing
 * at missing files. A file that cannot be deleted then is logged (an orphan, never a dangling row).
 */
export async function deleteBetaIssue(caller: Caller, id: string): Promise<{ ok: true; deletedFiles: number }> {
  betaIssueIdOrNotFound(id);
  const keys = await db.$transaction(async (tx) => {
    const issue = await tx.betaIssue.findFirst({
      where: { id, ...visibleBetaIssueWhere(caller) },
      select: { id: true, title: true, status: true, reporterId: true, attachments: { select: { storageKey: true, fileName: true } } },
    });
    if (!issue) throw notFound(BETA_ISSUE_NOT_FOUND);
    if (!canTriageBetaIssue(caller)) throw forbidden("Only administrators can delete a beta issue");
    await tx.betaIssue.delete({ where: { id } });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "beta_issue.delete",
      entityType: "beta_issue",
      entityId: id,
      before: { title: issue.title, status: issue.status, reporterId: issue.reporterId },
      metadata: { attachments: issue.attachments.map((a) => a.fileName) },
    });
    return issue.attachments.map((a) => a.storageKey);
  });
  try {
    await getStorage().delete(keys);
  } catch (error) {
    logLine({ level: "error", event: "beta_issue.files_not_deleted", betaIssueId: id, keys, error: String(error) });
  }
  return { ok: true, deletedFiles: keys.length };
}
