import type { Metadata } from "next";
import { MembersScreen } from "@/components/org/members-screen";
import { requireAdminPage } from "@/components/shell/require-admin";

export const metadata: Metadata = { title: "Members" };

/** Admins only (the header shows it to admins; the writes answer 403 to others): non-admins go to /. */
export default async function MembersPage() {
  await requireAdminPage();
  return <MembersScreen />;
}
