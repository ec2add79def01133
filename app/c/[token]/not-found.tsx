import type { Metadata } from "next";
import { FamilyFrame } from "@/components/cases/family-frame";
import { businessContact } from "@/lib/services/cases/family-link";

export const metadata: Metadata = { title: "Link not found", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** A wrong, unknown or revoked family link (HTTP 404): a kind word and how to reach us, never the staff sign-in. */
export default async function FamilyLinkNotFound() {
  return (
    <FamilyFrame business={await businessContact()}>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
        <h1 className="text-2xl font-semibold text-slate-900">We could not find this page</h1>
        <p className="mt-3 text-base text-slate-700">
          The link may be mistyped, or it may have been replaced by a newer one. Please call or write to us and we will send you the current link.
        </p>
      </section>
    </FamilyFrame>
  );
}
