import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "Accountability" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requireAdminPage();
  return (
    <PlaceholderPage
      title="Accountability"
      description="Who changed what and when: the audit trail of tasks, time cards and settings."
      access="admin"
    />
  );
}
