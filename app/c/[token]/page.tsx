import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { FamilyStatus } from "@/components/cases/family-status";
import { getClientIp } from "@/lib/auth/client-info";
import { AppError } from "@/lib/http/app-error";
import { familyCertificateHref } from "@/lib/queries/cases";
import { getFamilyView } from "@/lib/services/cases/family-link";

export const metadata: Metadata = { title: "Status", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * The family's status page: public, no sign-in, reached by the signed link only. A wrong, unknown
 * or revoked token is the app's one not-found page (HTTP 404), so a guess learns nothing. Read with
 * the API's own service, under the same per-address rate limit.
 */
export default async function FamilyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const ip = getClientIp(new Request("http://family.local/", { headers: await headers() }));
  const view = await getFamilyView(token, { ip }).catch((error: unknown) => {
    if (error instanceof AppError && (error.status === 404 || error.status === 429)) return error;
    throw error;
  });
  if (view instanceof AppError) {
    if (view.status === 404) notFound();
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Please try again in a few minutes</h1>
        <p className="mt-3 text-base text-slate-700">{view.message}</p>
      </main>
    );
  }
  return <FamilyStatus view={view} certificateHref={familyCertificateHref(token)} />;
}
