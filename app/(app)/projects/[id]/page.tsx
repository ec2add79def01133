import type { Metadata } from "next";
import { ProjectDetail } from "@/components/projects/project-detail";
import { readOrNotFound, requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";
import { asInitialData } from "@/lib/queries/initial-data";
import { getProject } from "@/lib/services/projects/get-project";

export const metadata: Metadata = { title: "Project" };

/**
 * Sign-in required (app/(app)/layout.tsx and proxy.ts). Read with the API's own service and
 * visibility: a missing project, or one the caller may not see, is the 404 page.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await requireSignedInPage();
  const project = await readOrNotFound(getProject(caller, id));
  return <ProjectDetail id={id} initial={asInitialData(project)} showCost={can(caller, "pay.read")} />;
}
