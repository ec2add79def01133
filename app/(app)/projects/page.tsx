import type { Metadata } from "next";
import { ProjectsScreen } from "@/components/projects/projects-screen";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Projects" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts); `?create=true` opens the create form (spec §2). */
export default async function Page({ searchParams }: { searchParams: Promise<{ create?: string | string[] }> }) {
  const [{ create }, caller] = await Promise.all([searchParams, getSessionCaller()]);
  return <ProjectsScreen create={create === "true"} canSeeDeleted={can(caller, "projects.delete")} />;
}
