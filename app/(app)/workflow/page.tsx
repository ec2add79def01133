import type { Metadata } from "next";
import { WorkflowBuilder } from "@/components/processes/workflow-builder";
import { isUuid } from "@/lib/validations/ids";

export const metadata: Metadata = { title: "Workflow" };

/**
 * Sign-in required (app/(app)/layout.tsx and proxy.ts). `?create=true` (spec §2) starts a new
 * process; `?id=<process id>` edits one.
 */
export default async function Page({ searchParams }: { searchParams: Promise<{ create?: string | string[]; id?: string | string[] }> }) {
  const { id } = await searchParams;
  const processId = typeof id === "string" && isUuid(id) ? id : null;
  return <WorkflowBuilder processId={processId} />;
}
