import type { Metadata } from "next";
import { OrganizationScreen } from "@/components/org/organization-screen";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "Organization" };

/** Admins only (the header shows it to admins; the APIs answer 403 to others too): non-admins go to /. */
export default async function OrganizationPage() {
  await requireAdminPage();
  return <OrganizationScreen />;
}
