import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Time Logs" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Time Logs"
      description="Your punch sessions and task time entries, day by day, with totals per week."
      access="signed-in"
    />
  );
}
