import type { Metadata } from "next";
import { ScheduleScreen } from "@/components/schedule/schedule-screen";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Schedule" };

/** The week grid for managers (their departments) and admins (all). docs/schedules.md. */
export default async function Page() {
  const caller = await requirePagePermission("schedule.manage");
  return <ScheduleScreen canManageAll={can(caller, "schedule.manage.all")} showCost={can(caller, "pay.read")} />;
}
