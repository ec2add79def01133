import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BetaIssueDetail } from "@/components/beta-issues/beta-issue-detail";
import { betaIssuesLabel } from "@/components/shell/nav-config";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { AppError } from "@/lib/http/app-error";
import type { BetaIssue } from "@/lib/queries/beta-issues";
import { getBetaIssue } from "@/lib/services/beta-issues/get-beta-issue";

export const metadata: Metadata = { title: "Beta Issue · BFS Tasks" };

/**
 * Sign-in required (app/(app)/layout.tsx and proxy.ts). Read on the server with the same
 * service and visibility as GET /api/beta-issues/{id}: someone else's issue is the 404 page.
 */
export default async function BetaIssuePage({ params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  const caller = await requireSignedInPage();
  let issue: BetaIssue;
  try {
    issue = JSON.parse(JSON.stringify(await getBetaIssue(caller, uuid))) as BetaIssue;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return <BetaIssueDetail id={uuid} backLabel={betaIssuesLabel(caller.role)} initial={issue} />;
}
