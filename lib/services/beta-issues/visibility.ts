import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { canSeeAllBetaIssues } from "@/lib/beta-issues/permissions";
import { notFound } from "@/lib/http/app-error";
import { isUuid } from "@/lib/validations/ids";

export const BETA_ISSUE_NOT_FOUND = "Beta issue not found";

/**
 * The one visibility rule for beta issues, as a `where`: admins see every issue, everyone else
 * only the issues they reported. Every read (list, detail, files, comments, writes) carries it,
 * so someone else's issue is "not there" (404).
 */
export function visibleBetaIssueWhere(caller: Pick<Caller, "userId" | "role">): Prisma.BetaIssueWhereInput {
  return canSeeAllBetaIssues(caller) ? {} : { reporterId: caller.userId };
}

export function betaIssueIdOrNotFound(id: string): string {
  if (!isUuid(id)) throw notFound(BETA_ISSUE_NOT_FOUND);
  return id;
}
