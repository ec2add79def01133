import type { Metadata } from "next";
import { ScoreboardScreen } from "@/components/reports/scoreboard-screen";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Scoreboard" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default async function Page() {
  const caller = await getSessionCaller();
  return <ScoreboardScreen canEditSettings={can(caller, "scoreboard.settings")} />;
}
