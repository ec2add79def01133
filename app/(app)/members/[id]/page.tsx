import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MemberProfileScreen } from "@/components/org/member-profile";
import { getSessionCaller } from "@/lib/auth/next-auth";

export const metadata: Metadata = { title: "Member" };

/**
 * Every signed-in user may open a member's profile (spec §2 lists /members/{id} as sign-in
 * required, like /tasks/{id}): name, role, type, units and the open tasks they may see. Contact
 * details, hours and punches only reach admins and the member themself (the API decides).
 */
export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  const { id } = await params;
  return <MemberProfileScreen id={id} canManage={caller.role === "admin"} />;
}
