import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { PRIORITY_LABELS, STATUS_LABELS, type TaskPriorityValue, type TaskStatusValue } from "@/lib/tasks/options";

const PRIORITY_VARIANT: Record<TaskPriorityValue, BadgeVariant> = { low: "neutral", normal: "accent", high: "warning", critical: "danger" };
const STATUS_VARIANT: Record<TaskStatusValue, BadgeVariant> = { open: "neutral", in_progress: "accent", blocked: "warning", completed: "success", cancelled: "neutral" };

export function PriorityBadge({ priority }: { priority: string }) {
  return <Badge variant={PRIORITY_VARIANT[priority as TaskPriorityValue] ?? "neutral"}>{PRIORITY_LABELS[priority as TaskPriorityValue] ?? priority}</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={STATUS_VARIANT[status as TaskStatusValue] ?? "neutral"}>{STATUS_LABELS[status as TaskStatusValue] ?? status}</Badge>;
}
