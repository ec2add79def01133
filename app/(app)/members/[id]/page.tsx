import type { Metadata } from "next";
import { MemberProfileScreen } from "@/components/members/member-profile";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Member" };

/**
 * Every signed-in user may open a member's profile (spec §2 lists /members/{id} as sign-in
 * required, like /tasks/{id}): name, role, type, units and the open tasks they may see. Contact
 * details, hours and punches only reach admins and the member themself (the API decides).
 */
export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requireSignedInPage();
  const { id } = await params;
  return <MemberProfileScreen id={id} canManage={can(caller, "members.write")} />;
}
