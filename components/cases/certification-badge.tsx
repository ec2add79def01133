import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { longDay } from "@/lib/dates/day-labels";
import type { Certification } from "@/lib/queries/chambers";

const LOOK: Record<Certification["status"], BadgeVariant> = { current: "success", expiring: "warning", expired: "danger", not_yet_valid: "neutral" };

/** "Current", "Expires in 12 days", "Expires today", "Expired Dec 1, 2026", "From Jan 5, 2027". */
export function certificationStanding(c: Pick<Certification, "status" | "daysLeft" | "expiresOn" | "issuedOn">): string {
  switch (c.status) {
    case "current":
      return "Current";
    case "expiring":
      return c.daysLeft === 0 ? "Expires today" : `Expires in ${c.daysLeft} day${c.daysLeft === 1 ? "" : "s"}`;
    case "expired":
      return `Expired ${longDay(c.expiresOn)}`;
    case "not_yet_valid":
      return `From ${longDay(c.issuedOn)}`;
  }
}

export function CertificationBadge({ certification }: { certification: Certification }) {
  return <Badge variant={LOOK[certification.status]}>{certificationStanding(certification)}</Badge>;
}
