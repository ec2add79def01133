import type { Metadata } from "next";
import { RecurringTasks } from "@/components/recurrence/recurring-tasks";

export const metadata: Metadata = { title: "Recurring Tasks" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return <RecurringTasks />;
}
