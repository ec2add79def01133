import type { Metadata } from "next";
import { DispatchScreen } from "@/components/runs/dispatch-screen";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Pickup runs" };

/** The dispatcher's board: open pickup requests by area and urgency, the day's runs. docs/runs.md. */
export default async function Page() {
  const caller = await requirePagePermission("runs.dispatch");
  return <DispatchScreen canSetFacility={can(caller, "runs.settings")} />;
}
