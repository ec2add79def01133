import type { Metadata } from "next";
import { TimeLogsScreen } from "@/components/time/time-logs-screen";
import { requireSignedInPage } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Time Logs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Sign-in required (app/(app)/layout.tsx and proxy.ts): one's own time; managers and admins also their people's. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requireSignedInPage();
  return <TimeLogsScreen caller={caller} searchParams={await searchParams} basePath="/time-logs" />;
}
