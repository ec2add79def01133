import type { ReactNode } from "react";
import { LogoMark } from "@/components/shell/icons";
import { COMPANY_TAGLINE } from "@/lib/constants";
import type { BusinessContact } from "@/lib/validations/cases";

/**
 * The frame of the pages a family (or anyone holding a certificate) opens without signing in: the
 * business's name and tagline above, and how to reach it below (the organization's contact
 * details), so that every such page, a wrong link's included, leads to a person and never to the
 * staff sign-in.
 */
export function FamilyFrame({ business, children }: { business: BusinessContact; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <LogoMark className="size-9 shrink-0" />
          <p className="min-w-0 leading-tight">
            <span className="block text-base font-semibold text-slate-900">{business.name}</span>
            <span className="block text-sm text-slate-600">{COMPANY_TAGLINE}</span>
          </p>
        </div>
      </header>
      <main className="mx-auto max-w-xl space-y-6 px-4 py-6">
        {children}
        <BusinessContactCard business={business} />
      </main>
    </div>
  );
}

/** Phone, e-mail, address and opening hours; the parts an admin has not filled in are left out. */
export function BusinessContactCard({ business }: { business: BusinessContact }) {
  const { phone, email, address, hours } = business;
  return (
    <section aria-labelledby="business-contact" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="business-contact" className="text-lg font-semibold text-slate-900">
        Contact us
      </h2>
      <dl className="mt-3 grid gap-3 text-base">
        <div>
          <dt className="text-sm font-medium text-slate-600">{business.name}</dt>
          {address ? <dd className="whitespace-pre-line text-slate-900">{address}</dd> : null}
        </div>
        {phone ? (
          <div>
            <dt className="text-sm font-medium text-slate-600">Phone</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} className="inline-flex min-h-11 items-center text-lg font-semibold text-brand-700 underline underline-offset-2">
                {phone}
              </a>
            </dd>
          </div>
        ) : null}
        {email ? (
          <div>
            <dt className="text-sm font-medium text-slate-600">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
                {email}
              </a>
            </dd>
          </div>
        ) : null}
        {hours ? (
          <div>
            <dt className="text-sm font-medium text-slate-600">Opening hours</dt>
            <dd className="whitespace-pre-line text-slate-900">{hours}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
