import type { Metadata } from "next";
import { FamilyFrame } from "@/components/cases/family-frame";
import { CERTIFICATE_UNKNOWN } from "@/lib/services/cases/verify-certificate";
import { businessContact } from "@/lib/services/cases/family-link";

export const metadata: Metadata = { title: "Certificate not found", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** A code that names no certificate we issued (HTTP 404): the same words for every such code. */
export default async function CertificateNotFound() {
  return (
    <FamilyFrame business={await businessContact()}>
      <section className="rounded-2xl border border-red-200 bg-red-50 p-5 shadow-xs">
        <p className="text-sm font-medium text-red-800">Certificate of cremation</p>
        <h1 className="mt-1 text-2xl font-bold text-red-900">No certificate matches this code</h1>
        <p className="mt-2 text-base text-slate-800">{CERTIFICATE_UNKNOWN}</p>
      </section>
    </FamilyFrame>
  );
}
