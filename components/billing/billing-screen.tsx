"use client";

import Link from "next/link";
import type { BillingClinic, BillingSection } from "./billing-section";
import { PriceListsView } from "./price-lists-view";
import { StatementsView } from "./statements-view";

const VIEWS = [
  { view: "statements", label: "Statements", href: "/billing" },
  { view: "prices", label: "Price list", href: "/billing?view=prices" },
] as const;

/**
 * /billing, the bookkeeper's screen (docs/billing.md "Screens"): clinics' monthly statements
 * (preview, issue, files, payments) and the price list (versions, products, sales tax). Managers
 * read it; writing (issuing, payments, prices, tax) is for `billing.manage`.
 */
export function BillingScreen({ section, canManage, clinics, thisMonth, today }: { section: BillingSection; canManage: boolean; clinics: BillingClinic[]; thisMonth: string; today: string }) {
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-slate-900">Billing</h1>
        <p className="text-sm text-slate-600">Clinics are billed monthly: each month&apos;s statement carries its charges, sales tax and payments.</p>
      </div>
      <nav aria-label="Billing views" className="inline-flex max-w-full rounded-lg bg-slate-100 p-1">
        {VIEWS.map((v) => (
          <Link
            key={v.view}
            href={v.href}
            aria-current={section.kind === v.view ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap sm:px-4 ${section.kind === v.view ? "bg-white text-slate-900 shadow-xs" : "text-slate-700 hover:text-slate-900"}`}
          >
            {v.label}
          </Link>
        ))}
      </nav>
      {section.kind === "statements" ? (
        <StatementsView section={section} canManage={canManage} clinics={clinics} thisMonth={thisMonth} today={today} />
      ) : (
        <PriceListsView section={section} canManage={canManage} clinics={clinics} today={today} />
      )}
    </div>
  );
}
