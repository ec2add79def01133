import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { CertificateCheckResult } from "@/components/cases/certificate-check";
import { FamilyFrame } from "@/components/cases/family-frame";
import { RATE_LIMITED_HEADER } from "@/lib/cases/public-pages";
import { AppError } from "@/lib/http/app-error";
import { businessContact } from "@/lib/services/cases/family-link";
import { checkCertificate } from "@/lib/services/cases/verify-certificate";

export const metadata: Metadata = { title: "Check a certificate", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * What a certificate's QR opens: public, no sign-in. The server recomputes the case's custody
 * chain and says whether the certificate still matches it, with what the certificate shows. A
 * code that names no certificate is a 404 (./not-found.tsx); past the address's limit (counted by
 * proxy.ts) a 429 with a kind "try again".
 */
export default async function VerifyCertificatePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const business = await businessContact();
  const limited = (await headers()).get(RATE_LIMITED_HEADER);
  if (limited) {
    return (
      <FamilyFrame business={business}>
        <section className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-xs">
          <h1 className="text-2xl font-semibold text-slate-900">Please try again in a few minutes</h1>
          <p className="mt-3 text-base text-slate-700">{limited}</p>
        </section>
      </FamilyFrame>
    );
  }
  const check = await checkCertificate(code, { ip: "" }, { counted: true }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return (
    <FamilyFrame business={business}>
      <CertificateCheckResult check={check} code={code} />
    </FamilyFrame>
  );
}
