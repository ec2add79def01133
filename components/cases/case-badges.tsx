import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { SERVICE_TYPE_LABELS, type ServiceType } from "@/lib/cases/stations";

const SERVICE_VARIANT: Record<ServiceType, BadgeVariant> = { private: "accent", partitioned: "warning", communal: "neutral" };
const SHORT: Record<ServiceType, string> = { private: "Private", partitioned: "Partitioned", communal: "Communal" };

/** The service type, coloured alike on the board, the list and the case page. */
export function ServiceTypeBadge({ serviceType, short = false }: { serviceType: ServiceType; short?: boolean }) {
  return <Badge variant={SERVICE_VARIANT[serviceType]}>{short ? SHORT[serviceType] : SERVICE_TYPE_LABELS[serviceType]}</Badge>;
}

/** "45 min", "5 h", "2 d 4 h": the time a case has spent at its step. */
export function hoursLabel(hours: number): string {
  if (hours < 1) return `${Math.max(0, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  const days = Math.floor(hours / 24);
  const rest = Math.round(hours - days * 24);
  return rest ? `${days} d ${rest} h` : `${days} d`;
}
