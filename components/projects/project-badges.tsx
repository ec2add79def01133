import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { PROJECT_STATUS_LABELS, type ProjectStatusValue } from "@/lib/projects/options";

const VARIANT: Record<ProjectStatusValue, BadgeVariant> = {
  planning: "neutral",
  active: "accent",
  on_hold: "warning",
  completed: "success",
  cancelled: "neutral",
};

export function ProjectStatusBadge({ status }: { status: ProjectStatusValue }) {
  return <Badge variant={VARIANT[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}

export function AtRiskBadge() {
  return (
    <Badge variant="danger" title="Remaining work is overdue or runs past the target date">
      At risk
    </Badge>
  );
}
