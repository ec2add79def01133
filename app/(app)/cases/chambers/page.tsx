import type { Metadata } from "next";
import { ChambersScreen } from "@/components/cases/chambers-screen";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Chambers" };

/** The chambers: in or out of service, their maintenance log, the who-may-load setting and certifications expiring soon. */
export default async function Page() {
  const caller = await requirePagePermission("cases.read");
  return <ChambersScreen canMaintain={can(caller, "cases.chambers.maintain")} canManage={can(caller, "cases.chambers.manage")} />;
}
