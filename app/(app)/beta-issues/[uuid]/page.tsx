import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Beta Issue" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="Beta Issue"
      description="One reported beta issue: its description, type, severity, attachments and status."
      access="signed-in"
    />
  );
}
