import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Project" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Project"
      description="One project: its tasks, owner, progress and dates."
      access="signed-in"
    />
  );
}
