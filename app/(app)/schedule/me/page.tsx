import type { Metadata } from "next";
import { RegisterServiceWorker } from "@/components/offline/register-service-worker";
import { MyScheduleScreen } from "@/components/schedule/my-schedule-screen";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "My schedule" };

/** My upcoming shifts, the open shifts I may claim and my departments' schedule. docs/schedules.md. */
export default async function Page() {
  const caller = await requirePagePermission("schedule.read");
  return (
    <>
      {/* Kept for offline viewing: the page by the worker, the shifts on the device (docs/schedules.md "Offline"). */}
      <RegisterServiceWorker scope="/schedule/me" />
      <MyScheduleScreen canPlan={can(caller, "schedule.manage")} />
    </>
  );
}
