import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Recurring Tasks" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Recurring Tasks"
      description="Every recurring task with its pattern, next occurrence and end rule."
      access="signed-in"
    />
  );
}
