import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "AI Assistant Discussion" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return (
    <PlaceholderPage
      title="AI Assistant Discussion"
      description="A saved conversation with the AI assistant, with its messages and attachments."
      access="signed-in"
    />
  );
}
