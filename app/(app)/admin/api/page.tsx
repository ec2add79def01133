import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "API Management" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requireAdminPage();
  return (
    <PlaceholderPage
      title="API Management"
      description="API keys for other systems: create scoped keys, see their last use and revoke them."
      access="admin"
    />
  );
}
