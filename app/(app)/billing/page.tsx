import type { Metadata } from "next";
import { BillingScreen } from "@/components/billing/billing-screen";
import type { BillingClinic, BillingSection } from "@/components/billing/billing-section";
import { requirePagePermission } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { MONTH_KEY, monthOf, previousMonth } from "@/lib/billing/pricing";
import { businessToday } from "@/lib/dates";
import { asInitialData } from "@/lib/queries/initial-data";
import { getBillingSettings } from "@/lib/services/billing/billing-settings";
import { getPriceList } from "@/lib/services/billing/get-price-list";
import { listBillingClinics } from "@/lib/services/billing/list-billing-clinics";
import { listPriceLists } from "@/lib/services/billing/list-price-lists";
import { listStatements } from "@/lib/services/billing/list-statements";
import { previewStatement } from "@/lib/services/billing/preview-statement";

export const metadata: Metadata = { title: "Billing" };

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/**
 * The bookkeeper's screen (docs/billing.md "Screens"): admins and managers (billing.read); writing
 * needs billing.manage. `?view=prices` opens the price list; `?month=yyyy-MM&clinic=<id>` a statement.
 */
export default async function Page({ searchParams }: { searchParams: Promise<Params> }) {
  const caller = await requirePagePermission("billing.read");
  const params = await searchParams;
  const today = businessToday();
  const thisMonth = monthOf(today);
  const clinics = await listBillingClinics();
  const section = first(params.view) === "prices" ? await readPrices(caller) : await readStatements(caller, params, clinics, thisMonth);
  return <BillingScreen section={section} canManage={can(caller, "billing.manage")} clinics={clinics} thisMonth={thisMonth} today={today} />;
}

/** The statement the pickers open on (last month, the first clinic, unless the address names others) and the issued ones. */
async function readStatements(caller: Caller, params: Params, clinics: BillingClinic[], thisMonth: string): Promise<BillingSection> {
  const asked = first(params.month);
  const month = asked && MONTH_KEY.test(asked) && asked <= thisMonth ? asked : previousMonth(thisMonth);
  const clinicVendorId = clinics.find((c) => c.id === first(params.clinic))?.id ?? clinics[0]?.id ?? null;
  const [preview, statements] = await Promise.all([clinicVendorId ? previewStatement(caller, { clinicVendorId, month }) : null, listStatements(caller, {})]);
  return { kind: "statements", month, clinicVendorId, preview: preview ? asInitialData(preview) : null, statements: asInitialData(statements) };
}

/** The versions, products and sales tax, and the prices of each version in force (shown opened). */
async function readPrices(caller: Caller): Promise<BillingSection> {
  const [lists, settings] = await Promise.all([listPriceLists(caller, {}), getBillingSettings(caller)]);
  const inForce = await Promise.all(lists.versions.filter((v) => v.inForce).map((v) => getPriceList(caller, v.id)));
  return { kind: "prices", lists: asInitialData(lists), settings: asInitialData(settings), inForce: inForce.map(asInitialData) };
}
