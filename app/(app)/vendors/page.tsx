import type { Metadata } from "next";
import { VendorsScreen } from "@/components/org/vendors-screen";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "Vendors" };

/** Admins only (the header shows it to admins; the APIs answer 403 to others): non-admins go to /. */
export default async function VendorsPage() {
  await requireAdminPage();
  return <VendorsScreen />;
}
