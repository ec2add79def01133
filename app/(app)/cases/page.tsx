import type { Metadata } from "next";
import { CasesScreen } from "@/components/cases/cases-screen";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Cases" };

/** The board of open cases by step (default) and the list (`?view=list`). */
export default async function Page({ searchParams }: { searchParams: Promise<{ view?: string | string[] }> }) {
  const [{ view }, caller] = await Promise.all([searchParams, requirePagePermission("cases.read")]);
  return <CasesScreen canWrite={can(caller, "cases.write")} view={view === "list" ? "list" : "board"} />;
}
