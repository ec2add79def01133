"use client";
import Link from "next/link";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { dayLabel, longDay } from "@/lib/dates/day-labels";
import { useTimeCard, type InitialDataOptions, type TimeCardFilters, type TimeCardView } from "@/lib/queries/time";
import { hours } from "@/lib/time/calc";
import { formatMoney } from "@/lib/money";
import { flagWords } from "@/lib/time/labels";
import type { payrollExportSettingsResultSchema } from "@/lib/validations/time";
import { BulkActions, MemberApproval } from "./approval-actions";
import { BreakIssues } from "./break-issues";
import { CardSearch } from "./card-search";
import { PayrollExportButton } from "./payroll-export-dialog";
import { gridHref } from "./time-card-links";
import { RowLink } from "@/components/ui/row-link";

type PayrollExportSettings = z.infer<typeof payrollExportSettingsResultSchema>;

const sumOf = (rows: { totals: Record<"regularMs" | "overtimeMs" | "paidBreakMs" | "unpaidBreakMs" | "workedMs", number> }[], key: "regularMs" | "overtimeMs" | "paidBreakMs" | "unpaidBreakMs" | "workedMs") =>
  rows.reduce((sum, row) => sum + row.totals[key], 0);

/** The pay period grid; kept fresh through GET /api/admin/time/card with the address's filters. */
export function TimeCardGrid({ filters, initial, exportSettings }: { filters: TimeCardFilters; initial: InitialDataOptions<TimeCardView>; exportSettings: PayrollExportSettings }) {
  const { data: card } = useTimeCard(filters, initial);
  const q = filters.q;
  const p = card.period.start;
  // Cost figures only reach a caller who may read pay (the server leaves them out otherwise).
  const withCost = card.rows.some((row) => row.cost !== undefined);
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
          <PayrollExportButton period={p} settings={exportSettings} />
          <a href={`/api/admin/time/payroll?period=${p}&kind=detail`} className={buttonClasses({ size: "sm", variant: "secondary" })} download>
            Detailed CSV
          </a>
          <BulkActions
            period={p}
            rows={card.rows.map((row) => ({ id: row.member.id, approved: row.approval.approved, locked: row.approval.locked, totals: row.totals }))}
          />
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
        <CardSearch key={p} period={p} q={q} />
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
                <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                  Regular
                </th>
                <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                  Overtime
                </th>
                <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                  Unpaid break
                </th>
                <th scope="col" className="hidden px-2 py-2 text-right md:table-cell">
                  Paid break
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Worked
                </th>
                {withCost ? (
                  <th scope="col" className="px-2 py-2 text-right">
                    Cost
                  </th>
                ) : null}
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
                    {/* A long surname wraps anywhere, so the approval cell stays whole on a 375 px phone. */}
                    <th scope="row" className="px-3 py-2 text-left font-medium wrap-anywhere">
                      <RowLink href={`/admin/time-card?member=${row.member.id}&period=${p}${q ? `&q=${encodeURIComponent(q)}` : ""}`} className="text-indigo-700 underline-offset-2 hover:underline">
                        {row.member.firstName} {row.member.lastName}
                      </RowLink>
                      {row.member.isActive ? null : <span className="text-xs text-slate-500"> (deactivated)</span>}
                      {row.timeOff.length > 0 ? (
                        <span className="block text-xs font-normal text-emerald-700" data-testid="card-time-off">
                          {row.timeOff.map((t) => `${t.typeName} ${hours(t.hours * 3_600_000)}`).join(" · ")} off (paid)
                        </span>
                      ) : null}
                      {row.totals.doubleTimeMinutes > 0 ? (
                        <span className="block text-xs font-normal text-amber-800" data-testid="card-double-time">
                          {hours(row.totals.doubleTimeMinutes * 60_000)} h double time
                        </span>
                      ) : null}
                      <BreakIssues userId={row.member.id} issues={row.breakIssues} locked={row.approval.locked} premiumMinutes={row.totals.premiumMinutes} />
                    </th>
                    {row.days.map((d, i) => (
                      <td key={d.date} className="hidden px-2 py-2 text-right text-slate-700 xl:table-cell">
                        {d.workedMs ? hours(d.workedMs) : "–"}
                        {row.cost && row.cost.days[i]?.cents ? <span className="block text-xs text-slate-500" data-testid="card-day-cost">{formatMoney(row.cost.days[i].cents)}</span> : null}
                      </td>
                    ))}
                    <td className="hidden px-2 py-2 text-right sm:table-cell" data-testid="card-regular">
                      {hours(row.totals.regularMs)}
                    </td>
                    <td className="hidden px-2 py-2 text-right sm:table-cell" data-testid="card-overtime">
                      {hours(row.totals.overtimeMs)}
                    </td>
                    <td className="hidden px-2 py-2 text-right sm:table-cell">{hours(row.totals.unpaidBreakMs)}</td>
                    <td className="hidden px-2 py-2 text-right md:table-cell">{hours(row.totals.paidBreakMs)}</td>
                    <td className="px-2 py-2 text-right font-semibold" data-testid="card-worked">
                      {hours(row.totals.workedMs)}
                    </td>
                    {withCost ? (
                      <td className="px-2 py-2 text-right whitespace-nowrap" data-testid="card-cost">
                        {row.cost ? (
                          <Link
                            href={`/admin/time-card?member=${row.member.id}&period=${p}`}
                            className="text-indigo-700 underline-offset-2 hover:underline"
                            title={`Regular ${formatMoney(row.cost.regularCents)}, overtime ${formatMoney(row.cost.overtimeCents)}${row.cost.doubleTimeCents ? `, double time ${formatMoney(row.cost.doubleTimeCents)}` : ""}${row.cost.premiumCents ? `, premium ${formatMoney(row.cost.premiumCents)}` : ""}${row.cost.ptoCents ? `, paid time off ${formatMoney(row.cost.ptoCents)}` : ""}`}
                          >
                            {formatMoney(row.cost.totalCents)}
                          </Link>
                        ) : null}
                        {row.cost?.unratedMinutes ? <span className="block text-xs text-amber-800">No rate</span> : null}
                      </td>
                    ) : null}
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
                      <MemberApproval period={p} userId={row.member.id} approval={row.approval} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900" data-testid="card-totals">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  Total ({card.rows.length} shown)
                </th>
                {card.dates.map((d, i) => (
                  <td key={d} className="hidden px-2 py-2 text-right xl:table-cell">
                    {hours(card.rows.reduce((sum, row) => sum + (row.days[i]?.workedMs ?? 0), 0))}
                  </td>
                ))}
                <td className="hidden px-2 py-2 text-right sm:table-cell" data-testid="total-regular">
                  {hours(sumOf(card.rows, "regularMs"))}
                </td>
                <td className="hidden px-2 py-2 text-right sm:table-cell" data-testid="total-overtime">
                  {hours(sumOf(card.rows, "overtimeMs"))}
                </td>
                <td className="hidden px-2 py-2 text-right sm:table-cell">{hours(sumOf(card.rows, "unpaidBreakMs"))}</td>
                <td className="hidden px-2 py-2 text-right md:table-cell">{hours(sumOf(card.rows, "paidBreakMs"))}</td>
                <td className="px-2 py-2 text-right" data-testid="total-worked">
                  {hours(sumOf(card.rows, "workedMs"))}
                </td>
                {withCost ? (
                  <td className="px-2 py-2 text-right whitespace-nowrap" data-testid="total-cost">
                    {formatMoney(card.rows.reduce((sum, row) => sum + (row.cost?.totalCents ?? 0), 0))}
                  </td>
                ) : null}
                <td className="hidden md:table-cell" />
                <td />
              </tr>
            </tfoot>
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
