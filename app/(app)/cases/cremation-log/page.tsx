import type { Metadata } from "next";
import { CremationLogScreen } from "@/components/cases/cremation-log-screen";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Cremation log" };

/** The cremation log by day and chamber, with its PDF and CSV (docs/cases-screens.md). */
export default async function Page() {
  const caller = await requirePagePermission("cases.read");
  return <CremationLogScreen canChangeRetention={can(caller, "organization.settings")} />;
}
