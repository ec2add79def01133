import type { Metadata } from "next";
import { TurnaroundPanel } from "@/components/cases/turnaround-panel";
import { LabourCostPanel } from "@/components/pay/labour-cost-panel";
import { StatisticsScreen } from "@/components/reports/statistics-screen";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Statistics" };

/**
 * Sign-in required (app/(app)/layout.tsx and proxy.ts). The charts load on this page only; the
 * cases' turnaround follows them, then labour cost for whoever may read pay (pay.read).
 */
export default async function Page() {
  const caller = await requireSignedInPage();
  return (
    <div className="space-y-6">
      <StatisticsScreen />
      <TurnaroundPanel />
      {can(caller, "pay.read") ? <LabourCostPanel /> : null}
    </div>
  );
}
