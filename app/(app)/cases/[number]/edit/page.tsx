import type { Metadata } from "next";
import { CaseFormPage } from "@/components/cases/case-form";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Edit Case" };

/** Admins and managers (cases.write); others go to /. */
export default async function Page({ params }: { params: Promise<{ number: string }> }) {
  const [{ number }] = await Promise.all([params, requirePagePermission("cases.write")]);
  return <CaseFormPage number={decodeURIComponent(number)} />;
}
