import type { Metadata } from "next";
import { CaseFormPage } from "@/components/cases/case-form";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "New Case" };

/** Admins and managers (cases.write); others go to /. */
export default async function Page() {
  await requirePagePermission("cases.write");
  return <CaseFormPage />;
}
