import type { Metadata } from "next";
import { ProcessDetail } from "@/components/processes/process-detail";
import { readOrNotFound, requireSignedInPage } from "@/lib/auth/page-guards";
import { asInitialData } from "@/lib/queries/initial-data";
import { getProcess } from "@/lib/services/processes/get-process";

export const metadata: Metadata = { title: "Process" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). A missing process is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await requireSignedInPage();
  const process = await readOrNotFound(getProcess(caller, id));
  return <ProcessDetail id={id} initial={asInitialData(process)} />;
}
