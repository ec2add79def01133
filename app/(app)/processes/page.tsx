import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Processes" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Processes"
      description="The reusable processes: ordered sets of steps that turn into tasks when started."
      access="signed-in"
    />
  );
}
