import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Projects" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<{ create?: string | string[] }> }) {
  const { create } = await searchParams;
  return (
    <PlaceholderPage
      title="Projects"
      description="The list of projects with their progress; Create Project opens the new-project form here."
      access="signed-in"
      note={create === "true" ? "You came here to create a project: that form is not available yet." : undefined}
    />
  );
}
