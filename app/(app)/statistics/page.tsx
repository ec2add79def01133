import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Statistics" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Statistics"
      description="Charts of task throughput, overdue work and time spent, by department and by person."
      access="signed-in"
    />
  );
}
