import type { Metadata } from "next";
import { TimeCardScreen, type TimeCardSection } from "@/components/time/time-card-screen";
import type { Caller } from "@/lib/auth/resolve-caller";
import { requirePagePermission } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";
import { isDateKey } from "@/lib/dates";
import { asInitialData } from "@/lib/queries/initial-data";
import { listCorrections } from "@/lib/services/time/list-corrections";
import { canReadPay } from "@/lib/services/pay/pay-access";
import { getTimeCard } from "@/lib/services/time/get-time-card";
import { getPayrollExportSettings } from "@/lib/services/time/payroll-export";
import { getJurisdictions } from "@/lib/services/time/get-jurisdictions";
import { getTimePolicy } from "@/lib/services/time/policy";
import { readTimeLogView } from "@/lib/services/time/read-time-log-view";

export const metadata: Metadata = { title: "Time Card" };

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page({ searchParams }: { searchParams: Promise<Params> }) {
  await requirePagePermission("admin.area");
  const caller = await requirePagePermission("time.manage");
  const params = await searchParams;
  const tab = first(params.tab) ?? "card";
  const periodParam = first(params.period);
  const period = periodParam && isDateKey(periodParam) ? periodParam : undefined;
  const q = first(params.q)?.slice(0, 100);
  return <TimeCardScreen tab={tab} period={period} q={q} section={await readSection(caller, params, tab, period, q)} />;
}

/** Reads only what the shown section needs; its client screen then keeps it fresh through the API. */
async function readSection(caller: Caller, params: Params, tab: string, period: string | undefined, q: string | undefined): Promise<TimeCardSection> {
  if (first(params.member)) {
    // The drill-down opens on the card's pay period unless the address names a range.
    const view = await readTimeLogView(caller, params.range ? params : { ...params, range: "period", date: period });
    if (!view.ok) return { kind: "member", log: { error: { title: view.title, description: view.description } } };
    return { kind: "member", log: { callerId: caller.userId, canUnlock: can(caller, "time.lock"), filters: view.filters, initial: asInitialData(view.log), members: view.members } };
  }
  if (tab === "settings") {
    const [policy, rules] = await Promise.all([getTimePolicy(), getJurisdictions()]);
    return { kind: "settings", policy, rules };
  }
  if (tab === "corrections") return { kind: "corrections", list: { initial: asInitialData(await listCorrections()) } };
  const page = Math.max(1, Number.parseInt(first(params.page) ?? "1", 10) || 1);
  const filters = { period, q, page: page > 1 ? page : undefined };
  const [card, exportSettings] = await Promise.all([getTimeCard(period, { page, q, withCost: canReadPay(caller) }), getPayrollExportSettings()]);
  return { kind: "card", grid: { filters, initial: asInitialData(card), exportSettings } };
}
