import type { Metadata } from "next";
import { GanttScreen } from "@/components/gantt/gantt-screen";

export const metadata: Metadata = { title: "Gantt Chart" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). The chart itself is a client chunk of this route only. */
export default function Page() {
  return <GanttScreen />;
}
