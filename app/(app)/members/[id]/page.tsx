import type { Metadata } from "next";
import { MemberProfileScreen } from "@/components/members/member-profile";
import { readOrNotFound, requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";
import { asInitialData } from "@/lib/queries/initial-data";
import { getMemberProfile } from "@/lib/services/members/get-member-profile";

export const metadata: Metadata = { title: "Member" };

/**
 * Every signed-in user may open a member's profile (spec §2 lists /members/{id} as sign-in
 * required, like /tasks/{id}): name, role, type, units and the open tasks they may see. Contact
 * details, hours and punches only reach admins and the member themself (the service decides).
 * A missing member is the 404 page.
 */
export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requireSignedInPage();
  const { id } = await params;
  const member = await readOrNotFound(getMemberProfile(caller, id));
  return <MemberProfileScreen id={id} canManage={can(caller, "members.write")} canCertify={can(caller, "cases.certifications.manage")}
      pay={can(caller, "pay.read") ? { manage: can(caller, "pay.manage") } : null}
      initial={asInitialData(member)} />;
}
