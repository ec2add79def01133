import type { Metadata } from "next";
import { AlertsAdminScreen } from "@/components/alerts/alerts-admin-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Alerts Admin" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requirePagePermission("alerts.manage");
  return <AlertsAdminScreen />;
}
