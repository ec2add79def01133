import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Workflow" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<{ create?: string | string[] }> }) {
  const { create } = await searchParams;
  return (
    <PlaceholderPage
      title="Workflow"
      description="The process designer, where a new process and its steps are created (Create Process opens it)."
      access="signed-in"
      note={create === "true" ? "You came here to create a process: that form is not available yet." : undefined}
    />
  );
}
