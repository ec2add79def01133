import type { Metadata } from "next";
import { StatisticsScreen } from "@/components/reports/statistics-screen";

export const metadata: Metadata = { title: "Statistics" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). The charts load on this page only. */
export default function Page() {
  return <StatisticsScreen />;
}
