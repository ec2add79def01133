import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { FamilyFrame } from "@/components/cases/family-frame";
import { FamilyStatus } from "@/components/cases/family-status";
import { FamilyAuthorization } from "@/components/cases/family-authorization";
import { getFamilyAuthorization } from "@/lib/services/cases/authorization";
import { RATE_LIMITED_HEADER } from "@/lib/cases/public-pages";
import { AppError } from "@/lib/http/app-error";
import { familyCertificateHref, familyReturnReceiptHref } from "@/lib/queries/cases";
import { businessContact, getFamilyView } from "@/lib/services/cases/family-link";

export const metadata: Metadata = { title: "Status", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * The family's status page: public, no sign-in, reached by the signed link only. A wrong, unknown
 * or revoked token is a kind not-found page (./not-found.tsx, HTTP 404) with the business's
 * contact details, so a guess learns nothing and a family is never sent to the staff sign-in. The
 * request was counted against the address's limit by proxy.ts; past it, the answer is a 429 with
 * a kind "try again" page.
 */
export default async function FamilyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const limited = (await headers()).get(RATE_LIMITED_HEADER);
  if (limited) {
    return (
      <FamilyFrame business={await businessContact()}>
        <section className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-xs">
          <h1 className="text-2xl font-semibold text-slate-900">Please try again in a few minutes</h1>
          <p className="mt-3 text-base text-slate-700">{limited}</p>
        </section>
      </FamilyFrame>
    );
  }
  const view = await getFamilyView(token, { ip: "" }, { counted: true }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  // The same request (counted once by proxy.ts): the authorization to sign, or the signed one.
  const authorization = await getFamilyAuthorization(token, { ip: "" }, { counted: true });
  return (
    <FamilyStatus
      view={view}
      certificateHref={familyCertificateHref(token)}
      returnReceiptHref={familyReturnReceiptHref(token)}
      authorization={<FamilyAuthorization token={token} authorization={authorization} open={view.status === "open"} />}
    />
  );
}
