import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Scoreboard" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Scoreboard"
      description="A ranking of completed tasks and hours per person and department for the current period."
      access="signed-in"
    />
  );
}
