import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateBetaCommentInput } from "@/lib/validations/beta-issues";
import { BETA_ISSUE_NOT_FOUND, betaIssueIdOrNotFound, visibleBetaIssueWhere } from "./visibility";
import { toPerson, type BetaCommentDto } from "./beta-issue-shape";

/** A comment in the thread between the reporter and the admins; audited with the comment itself. */
export async function addBetaIssueComment(caller: Caller, id: string, input: CreateBetaCommentInput): Promise<BetaCommentDto> {
  betaIssueIdOrNotFound(id);
  return db.$transaction(async (tx) => {
    const issue = await tx.betaIssue.findFirst({ where: { id, ...visibleBetaIssueWhere(caller) }, select: { id: true } });
    if (!issue) throw notFound(BETA_ISSUE_NOT_FOUND);
    const comment = await tx.betaIssueComment.create({
      data: { betaIssueId: id, authorId: caller.userId, body: input.body },
      select: { id: true, body: true, createdAt: true, author: { select: { id: true, firstName: true, lastName: true, role: true } } },
    });
    // The thread is activity: the list's "updated" sort and the reporter's view follow it.
    await tx.betaIssue.update({ where: { id }, data: { updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "beta_issue.comment",
      entityType: "beta_issue",
      entityId: id,
      after: { commentId: comment.id, body: comment.body },
    });
    return { id: comment.id, body: comment.body, createdAt: comment.createdAt, author: toPerson(comment.author) };
  });
}
