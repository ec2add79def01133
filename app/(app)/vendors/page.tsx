import type { Metadata } from "next";
import { VendorsScreen } from "@/components/vendors/vendors-screen";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Vendors" };

/**
 * Every signed-in user (spec §2: sign-in required; only the header keeps the entry to admins).
 * Without "vendors.manage" the screen is read-only, scoped like the API answers them.
 */
export default async function VendorsPage() {
  const caller = await requireSignedInPage();
  return <VendorsScreen canManage={can(caller, "vendors.manage")} />;
}
