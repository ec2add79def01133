import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "Alerts Admin" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requireAdminPage();
  return (
    <PlaceholderPage
      title="Alerts Admin"
      description="Alert rules (for example overdue tasks or missed punches) and the alerts they raised."
      access="admin"
    />
  );
}
