import { Badge, type BadgeVariant } from "@/components/ui/badge";
import {
  BETA_ISSUE_TYPE_LABELS,
  BETA_SEVERITY_LABELS,
  BETA_STATUS_LABELS,
  type BetaIssueSeverityValue,
  type BetaIssueStatusValue,
  type BetaIssueTypeValue,
} from "@/lib/beta-issues/options";

const STATUS_VARIANT: Record<BetaIssueStatusValue, BadgeVariant> = {
  new: "accent",
  triaged: "warning",
  in_progress: "accent",
  resolved: "success",
  closed: "neutral",
  wont_fix: "neutral",
};
const SEVERITY_VARIANT: Record<BetaIssueSeverityValue, BadgeVariant> = { informational: "neutral", warning: "warning", blocker: "danger" };

export function BetaStatusBadge({ status }: { status: BetaIssueStatusValue }) {
  return <Badge variant={STATUS_VARIANT[status]}>{BETA_STATUS_LABELS[status]}</Badge>;
}

export function BetaSeverityBadge({ severity }: { severity: BetaIssueSeverityValue }) {
  return <Badge variant={SEVERITY_VARIANT[severity]}>{BETA_SEVERITY_LABELS[severity]}</Badge>;
}

export function BetaTypeBadge({ issueType }: { issueType: BetaIssueTypeValue }) {
  return <Badge variant="neutral">{BETA_ISSUE_TYPE_LABELS[issueType]}</Badge>;
}
