import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Gantt Chart" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Gantt Chart"
      description="A timeline of tasks and projects from start date to due date, with their dependencies."
      access="signed-in"
    />
  );
}
