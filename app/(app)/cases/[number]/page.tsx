import type { Metadata } from "next";
import { CaseDetail } from "@/components/cases/case-detail";
import { requirePagePermission } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Case" };

/** One memorial case: `[number]` is its number (C-2026-00042); the API also takes a tag serial. */
export default async function Page({ params }: { params: Promise<{ number: string }> }) {
  const [{ number }, caller] = await Promise.all([params, requirePagePermission("cases.read")]);
  return <CaseDetail number={decodeURIComponent(number)} showCost={can(caller, "pay.read")} />;
}
