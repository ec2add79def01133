import type { Metadata } from "next";
import { TimeCardScreen } from "@/components/time/time-card-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Time Card" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requirePagePermission("admin.area");
  const caller = await requirePagePermission("time.manage");
  return <TimeCardScreen caller={caller} searchParams={await searchParams} />;
}
