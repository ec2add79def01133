import type { Metadata } from "next";
import { BetaIssueList } from "@/components/beta-issues/beta-issue-list";
import { betaIssuesLabel } from "@/components/shell/nav-config";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { canSeeAllBetaIssues } from "@/lib/beta-issues/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const caller = await getSessionCaller();
  return { title: `${betaIssuesLabel(caller?.role)} · BFS Tasks` };
}

/** Sign-in required; admins see everyone's reports ("Beta Issues"), others their own ("My Beta Issues"). */
export default async function BetaIssuesPage() {
  const caller = await requireSignedInPage();
  return <BetaIssueList title={betaIssuesLabel(caller.role)} showReporter={canSeeAllBetaIssues(caller)} />;
}
