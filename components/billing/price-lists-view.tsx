"use client";

import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { bracketLabel, formatRate, TAX_CATEGORY_LABELS } from "@/lib/billing/pricing";
import { SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { formatDay } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { useBillingSettings, usePriceLists, usePriceListVersion, type InitialDataOptions } from "@/lib/queries/billing";
import type { BillingSettings, PriceLists, PriceListVersion, Product } from "@/lib/validations/billing";
import type { BillingClinic, BillingSection } from "./billing-section";

/** The forms (react-hook-form and zod) load when the bookkeeper opens them. */
const LazyPriceListFormDialog = lazyDialog(() => import("./price-list-form-dialog").then((m) => m.PriceListFormDialog));
const LazyTaxSettingsDialog = lazyDialog(() => import("./tax-settings-dialog").then((m) => m.TaxSettingsDialog));

type VersionSummary = PriceLists["versions"][number];

/** The standard list first, then each clinic's own list by name; each list's versions newest first (as the API orders them). */
function listsOf(versions: VersionSummary[]): Array<{ key: string; title: string; versions: VersionSummary[] }> {
  const lists = new Map<string, { key: string; title: string; versions: VersionSummary[] }>();
  for (const v of versions) {
    const key = v.clinicVendorId ?? "standard";
    const list = lists.get(key) ?? { key, title: v.clinicName ? `${v.clinicName}: own prices` : "Standard prices", versions: [] };
    list.versions.push(v);
    lists.set(key, list);
  }
  return [...lists.values()].sort((a, b) => (a.key === "standard" ? -1 : b.key === "standard" ? 1 : a.title.localeCompare(b.title)));
}

/**
 * The Price list view: every version of the standard list and of clinics' own lists, the one in
 * force marked and opened, each version's brackets, options and products in a table; the memorial
 * products with their stock; sales tax. **Add version** (billing.manage) starts from the prices in force.
 */
export function PriceListsView({
  section,
  canManage,
  clinics,
  today,
}: {
  section: Extract<BillingSection, { kind: "prices" }>;
  canManage: boolean;
  clinics: BillingClinic[];
  today: string;
}) {
  const lists = usePriceLists(section.lists);
  const [adding, setAdding] = useState(false);
  const inForce = new Map(section.inForce.map((initial) => [initial.data.id, initial]));

  if (lists.isError) {
    const { title, description } = getFriendlyError(lists.error);
    return <EmptyState title={title} description={description} />;
  }
  if (!lists.data) {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" />
      </div>
    );
  }
  const groups = listsOf(lists.data.versions);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-600">A price change is a new version, in force from its day until the next one. Charges keep the price they were made at.</p>
        {canManage ? <Button onClick={() => setAdding(true)}>Add version</Button> : null}
      </div>
      {groups.length === 0 ? (
        <EmptyState title="No price list yet" description="Until a version is in force, cases are not priced at intake." />
      ) : (
        groups.map((group) => (
          <section key={group.key} aria-label={group.title} className="space-y-2" data-testid="price-list">
            <h2 className="text-lg font-semibold break-words text-slate-900">{group.title}</h2>
            <ul className="space-y-2">
              {group.versions.map((version) => (
                <VersionRow key={version.id} version={version} today={today} initial={inForce.get(version.id)} />
              ))}
            </ul>
          </section>
        ))
      )}
      <div className="grid gap-5 lg:grid-cols-2">
        <ProductsCard products={lists.data.products} />
        <TaxSettingsCard initial={section.settings} canManage={canManage} />
      </div>
      {canManage ? (
        <LazyPriceListFormDialog open={adding} onClose={() => setAdding(false)} versions={lists.data.versions} products={lists.data.products} clinics={clinics} today={today} />
      ) : null}
    </div>
  );
}

function VersionRow({ version, today, initial }: { version: VersionSummary; today: string; initial?: InitialDataOptions<PriceListVersion> }) {
  const [open, setOpen] = useState(version.inForce);
  const panelId = useId();
  const status = version.inForce
    ? { label: "In force", variant: "success" as const }
    : version.effectiveFrom > today
      ? { label: "Scheduled", variant: "accent" as const }
      : { label: "Superseded", variant: "neutral" as const };
  return (
    <li className="rounded-lg border border-slate-200 bg-white" data-testid="price-list-version">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:px-4"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">From {formatDay(version.effectiveFrom)}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
          {version.note ? <span className="min-w-0 text-sm break-words text-slate-600">{version.note}</span> : null}
        </span>
        <span className="text-xs text-slate-500">
          {version.itemCount} {version.itemCount === 1 ? "price" : "prices"} · by {version.createdByName}
        </span>
      </button>
      {open ? (
        <div id={panelId} className="border-t border-slate-100 px-3 py-3 sm:px-4">
          <VersionItems id={version.id} initial={initial} />
        </div>
      ) : null}
    </li>
  );
}

const KIND_TITLES = { service: "Cremation service", option: "Option", product: "Product" } as const;

/** A version's prices: services by weight bracket, then options, then products. */
function VersionItems({ id, initial }: { id: string; initial?: InitialDataOptions<PriceListVersion> }) {
  const version = usePriceListVersion(id, initial);
  if (version.isError) return <p className="text-sm text-red-700">{getFriendlyError(version.error).description}</p>;
  if (!version.data) return <Spinner />;
  return (
    <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600" role="region" aria-label={`Prices from ${formatDay(version.data.effectiveFrom)}`} tabIndex={0}>
      <table className="min-w-full text-sm">
        <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-3">Item</th>
            <th scope="col" className="hidden py-1 pr-3 sm:table-cell">Kind</th>
            <th scope="col" className="py-1 pr-3">Weight</th>
            <th scope="col" className="py-1 text-right">Price</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {version.data.items.map((item) => (
            <tr key={item.id}>
              <td className="py-1 pr-3 text-slate-900">{item.kind === "service" && item.serviceType ? SERVICE_TYPE_LABELS[item.serviceType] : item.label}</td>
              <td className="hidden py-1 pr-3 text-slate-600 sm:table-cell">{KIND_TITLES[item.kind]}</td>
              <td className="py-1 pr-3 whitespace-nowrap text-slate-700">{item.kind === "service" && item.minLbs !== null ? bracketLabel(item.minLbs, item.maxLbs) : "—"}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney(item.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductsCard({ products }: { products: Product[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Memorial products</CardTitle>
      </CardHeader>
      <CardContent>
        {products.length === 0 ? (
          <p className="text-sm text-slate-600">No urns or keepsakes yet.</p>
        ) : (
          <table className="min-w-full text-sm" aria-label="Memorial products">
            <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-1 pr-3">Name</th>
                <th scope="col" className="py-1 pr-3">Kind</th>
                <th scope="col" className="py-1 text-right">Stock</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {products.map((p) => (
                <tr key={p.id}>
                  <td className="py-1 pr-3 text-slate-900">
                    <span className="break-words">{p.name}</span>
                    {p.isActive ? null : (
                      <Badge className="ml-2" variant="neutral">
                        Retired
                      </Badge>
                    )}
                  </td>
                  <td className="py-1 pr-3 text-slate-600">{p.category === "urn" ? "Urn" : "Keepsake"}</td>
                  <td className={`py-1 text-right tabular-nums ${p.stock === 0 ? "font-medium text-red-700" : ""}`}>{p.stock === 0 ? "Out of stock" : p.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function TaxSettingsCard({ initial, canManage }: { initial: InitialDataOptions<BillingSettings>; canManage: boolean }) {
  const settings = useBillingSettings(initial);
  const [editing, setEditing] = useState(false);
  const data = settings.data;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle as="h2">Sales tax</CardTitle>
        {canManage && data ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Change
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!data ? (
          <Spinner />
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="sales-tax-state">
              {data.salesTaxEnabled ? "On: each new charge is taxed at its category's rate." : "Off: charges are not taxed."}
            </p>
            {data.salesTaxEnabled ? (
              <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">{TAX_CATEGORY_LABELS.service}</dt>
                <dd className="text-right tabular-nums">{formatRate(data.serviceTaxRate)}</dd>
                <dt className="text-slate-600">{TAX_CATEGORY_LABELS.option}</dt>
                <dd className="text-right tabular-nums">{formatRate(data.optionTaxRate)}</dd>
                <dt className="text-slate-600">{TAX_CATEGORY_LABELS.merchandise}</dt>
                <dd className="text-right tabular-nums">{formatRate(data.merchandiseTaxRate)}</dd>
              </dl>
            ) : null}
            <p className="mt-2 text-xs text-slate-500">A change applies to charges made from then on; earlier charges keep their tax.</p>
          </>
        )}
      </CardContent>
      {canManage && data ? <LazyTaxSettingsDialog open={editing} onClose={() => setEditing(false)} settings={data} /> : null}
    </Card>
  );
}
