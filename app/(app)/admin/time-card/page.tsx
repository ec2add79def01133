import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "Time Card" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requireAdminPage();
  return (
    <PlaceholderPage
      title="Time Card"
      description="Everyone's punch sessions by pay period, with corrections and their reasons."
      access="admin"
    />
  );
}
