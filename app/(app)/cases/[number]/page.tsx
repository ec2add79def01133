import type { Metadata } from "next";
import { CaseDetail } from "@/components/cases/case-detail";
import type { CaseBilling } from "@/components/billing/case-charges-card";
import { requirePagePermission } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { businessToday } from "@/lib/dates";
import { asInitialData } from "@/lib/queries/initial-data";
import { getCaseCharges } from "@/lib/services/billing/get-case-charges";

export const metadata: Metadata = { title: "Case" };

/** One memorial case: `[number]` is its number (C-2026-00042); the API also takes a tag serial. */
export default async function Page({ params }: { params: Promise<{ number: string }> }) {
  const [{ number }, caller] = await Promise.all([params, requirePagePermission("cases.read")]);
  const ref = decodeURIComponent(number);
  const billing = can(caller, "billing.read") ? await readBilling(caller, ref) : null;
  return <CaseDetail number={ref} showCost={can(caller, "pay.read")} billing={billing} />;
}

/** The Charges card's first read (docs/billing.md "Screens"), through the same service as the API. */
async function readBilling(caller: Caller, ref: string): Promise<CaseBilling> {
  // An unknown case has no first read: the page says it is not found, and the card reads through the API.
  const initial = await getCaseCharges(caller, ref).then(asInitialData, () => undefined);
  return { initial, canManage: can(caller, "billing.manage"), today: businessToday() };
}
