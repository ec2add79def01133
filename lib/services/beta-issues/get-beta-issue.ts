import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { BETA_ISSUE_NOT_FOUND, betaIssueIdOrNotFound, visibleBetaIssueWhere } from "./visibility";
import { betaIssueDetailSelect, toBetaIssueDetail, type BetaIssueDetailDto } from "./beta-issue-shape";

/** One issue with its files, comments and history; someone else's issue is a 404 (unless admin). */
export async function getBetaIssue(caller: Caller, id: string, client: Db = db): Promise<BetaIssueDetailDto> {
  const row = await client.betaIssue.findFirst({
    where: { id: betaIssueIdOrNotFound(id), ...visibleBetaIssueWhere(caller) },
    select: betaIssueDetailSelect,
  });
  if (!row) throw notFound(BETA_ISSUE_NOT_FOUND);
  return toBetaIssueDetail(row, caller);
}
