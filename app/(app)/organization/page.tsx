import type { Metadata } from "next";
import { OrganizationScreen } from "@/components/org/organization-screen";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Organization" };

/**
 * Every signed-in user (spec §2: sign-in required; only the header keeps the entry to admins).
 * Without "units.write" the screen is read-only, scoped like the API answers them; admins
 * ("organization.settings") also edit the business's contact details that families see, and the
 * expected ranges of the remains' weight ("cases.settings", docs/cases.md).
 */
export default async function OrganizationPage() {
  const caller = await requireSignedInPage();
  return <OrganizationScreen canManage={can(caller, "units.write")} canEditContact={can(caller, "organization.settings")} canEditRemainsRanges={can(caller, "cases.settings")} />;
}
