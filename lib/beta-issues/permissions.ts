import { can, type Role } from "@/lib/auth/permissions";

/**
 * Who may do what with beta issues (docs/beta-issues.md). The server enforces the same rules in
 * its queries (lib/services/beta-issues/visibility.ts); these pure versions decide the
 * `permissions` flags the API returns.
 *
 * - See an issue, its files, comments and history: its reporter and admins. Anyone else gets
 *   the same 404 as for an issue that does not exist.
 * - Comment: whoever may see it.
 * - Triage (status, severity), turn into a task, delete: admins.
 * Both start from the permission table: "beta-issues.report" (everyone) and
 * "beta-issues.manage" (admins).
 */
export interface BetaViewer {
  userId: string;
  role: Role;
}

export const canSeeAllBetaIssues = (viewer: Pick<BetaViewer, "role">): boolean => can(viewer.role, "beta-issues.manage");

export const canViewBetaIssue = (viewer: BetaViewer, issue: { reporterId: string }): boolean =>
  canSeeAllBetaIssues(viewer) || issue.reporterId === viewer.userId;

export const canTriageBetaIssue = (viewer: Pick<BetaViewer, "role">): boolean => canSeeAllBetaIssues(viewer);

export interface BetaIssuePermissions {
  canComment: boolean;
  canTriage: boolean;
  canConvert: boolean;
  canDelete: boolean;
}

export function betaIssuePermissions(viewer: BetaViewer, issue: { reporterId: string }): BetaIssuePermissions {
  const triage = canTriageBetaIssue(viewer);
  return { canComment: canViewBetaIssue(viewer, issue), canTriage: triage, canConvert: triage, canDelete: triage };
}
