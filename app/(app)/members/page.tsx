import type { Metadata } from "next";
import { MembersScreen } from "@/components/members/members-screen";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Members" };

/**
 * Every signed-in user (spec §2: sign-in required; only the header keeps the entry to admins).
 * Without "members.write" the screen is read-only, scoped like the API answers them.
 */
export default async function MembersPage() {
  const caller = await requireSignedInPage();
  return <MembersScreen canManage={can(caller, "members.write")} />;
}
