import type { Metadata } from "next";
import { TimeLogsScreen } from "@/components/time/time-logs-screen";
import { EmptyState } from "@/components/ui/empty-state";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { asInitialData } from "@/lib/queries/initial-data";
import { readTimeLogView } from "@/lib/services/time/read-time-log-view";

export const metadata: Metadata = { title: "Time Logs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Sign-in required (app/(app)/layout.tsx and proxy.ts): one's own time; managers and admins also their people's. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requireSignedInPage();
  const view = await readTimeLogView(caller, await searchParams);
  if (!view.ok) return <EmptyState title={view.title} description={view.description} />;
  return <TimeLogsScreen callerId={caller.userId} filters={view.filters} initial={asInitialData(view.log)} members={view.members} basePath="/time-logs" />;
}
