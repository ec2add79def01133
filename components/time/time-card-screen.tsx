import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Pagination } from "@/components/ui/pagination";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE, clockTime, isDateKey } from "@/lib/dates";
import { dayLabel, longDay } from "@/lib/dates/day-labels";
import { localDateTime } from "@/lib/dates/wall-clock";
import { listCorrections } from "@/lib/services/time/corrections";
import { flagWords, getTimeCard } from "@/lib/services/time/get-time-card";
import { getTimePolicy } from "@/lib/services/time/policy";
import { hours } from "@/lib/time/calc";
import { ApproveButton, CorrectionDecision, UnlockButton } from "./approval-actions";
import { PolicyForm } from "./policy-form";
import { TimeLogsScreen } from "./time-logs-screen";

type Params = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

const TABS = [
  ["card", "Time card"],
  ["corrections", "Corrections"],
  ["settings", "Policy"],
] as const;

/** /admin/time-card: the pay period grid, a member's drill-down, correction requests and the policy. */
export async function TimeCardScreen({ caller, searchParams }: { caller: Caller; searchParams: Params }) {
  const tab = first(searchParams.tab) ?? "card";
  const member = first(searchParams.member);
  const periodParam = first(searchParams.period);
  const period = periodParam && isDateKey(periodParam) ? periodParam : undefined;
  const q = first(searchParams.q)?.slice(0, 100);
  const page = Math.max(1, Number.parseInt(first(searchParams.page) ?? "1", 10) || 1);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Time Card</h1>
      <nav className="flex flex-wrap gap-2" aria-label="Time card sections">
        {TABS.map(([id, label]) => (
          <Link
            key={id}
            href={`/admin/time-card?tab=${id}${period ? `&period=${period}` : ""}`}
            aria-current={tab === id && !member ? "page" : undefined}
            className={buttonClasses({ size: "sm", variant: tab === id && !member ? "primary" : "secondary" })}
          >
            {label}
          </Link>
        ))}
      </nav>
      {member ? (
        <MemberCard caller={caller} searchParams={searchParams} period={period} q={q} />
      ) : tab === "settings" ? (
        <PolicyForm policy={await getTimePolicy()} />
      ) : tab === "corrections" ? (
        <Corrections />
      ) : (
        <Grid period={period} q={q} page={page} />
      )}
    </div>
  );
}

/** The grid's address: the period, the name filter and the page, each only when set. */
function gridHref({ period, q, page }: { period?: string; q?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (period) params.set("period", period);
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/time-card${query ? `?${query}` : ""}`;
}

async function MemberCard({ caller, searchParams, period, q }: { caller: Caller; searchParams: Params; period?: string; q?: string }) {
  const params = { ...searchParams };
  if (!params.range) {
    params.range = "period";
    params.date = period;
  }
  return (
    <div className="space-y-3">
      <Link href={gridHref({ period, q })} className="text-sm text-indigo-700 underline-offset-2 hover:underline">
        ‹ Back to the time card
      </Link>
      <TimeLogsScreen caller={caller} searchParams={params} basePath="/admin/time-card" adminMode extraKeep={{ period, q }} />
    </div>
  );
}

async function Grid({ period, q, page }: { period?: string; q?: string; page: number }) {
  const card = await getTimeCard(period, { page, q });
  const p = card.period.start;
  return (
    <section className="space-y-3" aria-labelledby="period-heading">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={gridHref({ period: card.previous, q })} className={buttonClasses({ size: "sm", variant: "ghost" })} aria-label="Previous pay period">
          ‹ Previous
        </Link>
        <h2 id="period-heading" className="text-base font-semibold text-slate-900" data-testid="period-label">
          Pay period {longDay(card.period.start)} – {longDay(card.period.end)}
        </h2>
        <Link href={gridHref({ period: card.next, q })} className={buttonClasses({ size: "sm", variant: "ghost" })} aria-label="Next pay period">
          Next ›
        </Link>
        <span className="ml-auto flex flex-wrap gap-2">
          <a href={`/api/admin/time/payroll?period=${p}&kind=summary`} className={buttonClasses({ size: "sm", variant: "secondary" })} download>
            Payroll CSV
          </a>
          <a href={`/api/admin/time/payroll?period=${p}&kind=detail`} className={buttonClasses({ size: "sm", variant: "secondary" })} download>
            Detailed CSV
          </a>
          {card.lockedCount > 0 ? <UnlockButton period={p} /> : null}
          {card.allLocked ? null : <ApproveButton period={p} label="Approve and lock all" />}
        </span>
      </div>
      {card.pendingCorrections > 0 ? (
        <p className="text-sm text-amber-800">
          {card.pendingCorrections} correction request{card.pendingCorrections === 1 ? "" : "s"} pending ·{" "}
          <Link href="/admin/time-card?tab=corrections" className="underline">
            review
          </Link>
        </p>
      ) : null}
      <form method="get" action="/admin/time-card" role="search" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="period" value={p} />
        <div>
          <Label htmlFor="time-card-q">Find a member</Label>
          <Input id="time-card-q" name="q" type="search" defaultValue={q ?? ""} placeholder="Name or e-mail" maxLength={100} className="w-64 max-w-full" />
        </div>
        <button type="submit" className={buttonClasses({ size: "sm", variant: "secondary" })}>
          Search
        </button>
        <span className="text-sm text-slate-600" data-testid="card-total">
          {card.total} member{card.total === 1 ? "" : "s"}
        </span>
      </form>
      {card.rows.length === 0 ? (
        q ? (
          <EmptyState title="No members match" description={`Nobody's name or e-mail contains “${q}”.`} />
        ) : (
          <EmptyState title="No active members" description="Members appear here once they are added." />
        )
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" role="region" aria-label="Time card" tabIndex={0}>
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Member
                </th>
                {card.dates.map((d) => (
                  <th key={d} scope="col" className="hidden px-2 py-2 text-right xl:table-cell">
                    {dayLabel(d)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right">
                  Regular
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Overtime
                </th>
                <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                  Unpaid break
                </th>
                <th scope="col" className="hidden px-2 py-2 text-right md:table-cell">
                  Paid break
                </th>
                <th scope="col" className="hidden px-2 py-2 md:table-cell">
                  Flags
                </th>
                <th scope="col" className="px-2 py-2">
                  Approval
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {card.rows.map((row) => {
                const flags = flagWords(row.flags, false);
                return (
                  <tr key={row.member.id} data-testid={`card-row-${row.member.id}`}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <Link href={`/admin/time-card?member=${row.member.id}&period=${p}${q ? `&q=${encodeURIComponent(q)}` : ""}`} className="text-indigo-700 underline-offset-2 hover:underline">
                        {row.member.firstName} {row.member.lastName}
                      </Link>
                      {row.member.isActive ? null : <span className="text-xs text-slate-500"> (deactivated)</span>}
                    </th>
                    {row.days.map((d) => (
                      <td key={d.date} className="hidden px-2 py-2 text-right text-slate-700 xl:table-cell">
                        {d.workedMs ? hours(d.workedMs) : "–"}
                      </td>
                    ))}
                    <td className="px-2 py-2 text-right font-semibold" data-testid="card-regular">
                      {hours(row.totals.regularMs)}
                    </td>
                    <td className="px-2 py-2 text-right" data-testid="card-overtime">
                      {hours(row.totals.overtimeMs)}
                    </td>
                    <td className="hidden px-2 py-2 text-right sm:table-cell">{hours(row.totals.unpaidBreakMs)}</td>
                    <td className="hidden px-2 py-2 text-right md:table-cell">{hours(row.totals.paidBreakMs)}</td>
                    <td className="hidden px-2 py-2 md:table-cell">
                      {flags.length ? (
                        <span className="flex flex-wrap gap-1">
                          {flags.map((f) => (
                            <Badge key={f} variant={/auto|forgotten|open/.test(f) ? "warning" : "neutral"}>
                              {f}
                            </Badge>
                          ))}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">
                      {row.approval.locked ? (
                        <span className="flex flex-wrap items-center gap-1">
                          <Badge variant="success">Approved · locked</Badge>
                          <UnlockButton period={p} userId={row.member.id} />
                        </span>
                      ) : (
                        <ApproveButton period={p} userId={row.member.id} label="Approve" />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={card.page} pages={card.pages} hrefFor={(to) => gridHref({ period: p, q, page: to })} />
      <p className="text-xs text-slate-500">
        Hours are decimals of whole minutes; the payroll CSV shows the same numbers
        {card.policy.exportRoundingMinutes ? `, rounded to ${card.policy.exportRoundingMinutes} minutes` : ""}. Times in {card.timeZone.replace("_", " ")}.
      </p>
    </section>
  );
}

async function Corrections() {
  const requests = await listCorrections();
  if (requests.length === 0) return <EmptyState title="No correction requests" description="Members ask for corrections from their time logs." />;
  return (
    <ul className="space-y-2">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="correction-request">
          <Badge variant={r.status === "pending" ? "warning" : r.status === "approved" ? "success" : "neutral"}>{r.status}</Badge>
          <span className="font-medium">
            {r.user.firstName} {r.user.lastName}
          </span>
          <span className="text-slate-700">
            {r.punchSessionId ? "Change punch to" : "Add punch"} {localDateTime(r.requestedInAt, BUSINESS_TIME_ZONE)} –{" "}
            {clockTime(r.requestedOutAt, BUSINESS_TIME_ZONE)}
          </span>
          <span className="text-slate-600">“{r.reason}”</span>
          {r.status === "pending" ? (
            <span className="ml-auto">
              <CorrectionDecision id={r.id} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
