import { daysBetween, type DateKey } from "@/lib/dates";
import { EXPIRING_SOON_DAYS, type CertificationStatus } from "@/lib/validations/chambers";

/**
 * A certification's standing on `today` (docs/cases.md "Operators and chambers"): valid from its
 * issue day through its expiry day, both included; "expiring" within EXPIRING_SOON_DAYS days of
 * its expiry day (that day included). `daysLeft`: days from today to the expiry day.
 */
export function certificationStatus(issuedOn: DateKey, expiresOn: DateKey, today: DateKey): { status: CertificationStatus; daysLeft: number } {
  const daysLeft = daysBetween(today, expiresOn);
  if (daysLeft < 0) return { status: "expired", daysLeft };
  if (today < issuedOn) return { status: "not_yet_valid", daysLeft };
  return { status: daysLeft <= EXPIRING_SOON_DAYS ? "expiring" : "current", daysLeft };
}
