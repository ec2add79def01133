import type { Metadata } from "next";
import { RegisterServiceWorker } from "@/components/offline/register-service-worker";
import { TodayScreen } from "@/components/runs/today-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "My run today" };

/** The driver's phone: today's run, its stops and the pickups. docs/runs.md. */
export default async function Page() {
  await requirePagePermission("runs.drive");
  return (
    <>
      {/* Kept for offline use: the page by the worker, the run on the device (lib/offline/kept-my-runs.ts). */}
      <RegisterServiceWorker scope="/runs/today" />
      <TodayScreen />
    </>
  );
}
