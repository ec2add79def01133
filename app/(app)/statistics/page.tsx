import type { Metadata } from "next";
import { TurnaroundPanel } from "@/components/cases/turnaround-panel";
import { StatisticsScreen } from "@/components/reports/statistics-screen";

export const metadata: Metadata = { title: "Statistics" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). The charts load on this page only; the cases' turnaround follows them. */
export default function Page() {
  return (
    <div className="space-y-6">
      <StatisticsScreen />
      <TurnaroundPanel />
    </div>
  );
}
