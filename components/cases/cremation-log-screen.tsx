"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { addDays, clockTime, dateKeyOf, daysBetween, formatDay, isDateKey } from "@/lib/dates";
import { useChambers, useCremationLog } from "@/lib/queries/cases";
import { CREMATION_LOG_MAX_DAYS, type CremationLogRow } from "@/lib/validations/cremation-log";
import { CaseViews } from "./cases-screen";
import { ServiceTypeBadge } from "./case-badges";
import { RetentionDialog } from "./retention-dialog";

const PAGE_SIZE = 50;

/** What is wrong with the range, in the words of the server's 400s; null when it can be asked. */
function rangeProblem(from: string, to: string): string | null {
  if (!isDateKey(from)) return "Choose the first day.";
  if (!isDateKey(to)) return "Choose the last day.";
  if (from > to) return "The first day must be on or before the last day.";
  if (daysBetween(from, to) + 1 > CREMATION_LOG_MAX_DAYS) return `The range is at most ${CREMATION_LOG_MAX_DAYS} days.`;
  return null;
}

const weight = (lbs: number | null) => (lbs === null ? "—" : lbs.toFixed(2));

/** "9:05 AM", or with the day when the case came out on a later day. */
function outTime(row: CremationLogRow) {
  if (!row.endedAt) return <span className="text-amber-700">In the chamber</span>;
  return dateKeyOf(row.endedAt) === dateKeyOf(row.startedAt) ? clockTime(row.endedAt) : `${formatDay(row.endedAt)}, ${clockTime(row.endedAt)}`;
}

/**
 * /cases/cremation-log: every pet that went through a chamber in the range, by day and chamber,
 * numbered in cycles, with the service type, chamber in and out, the operator and the weights.
 * **Print (PDF)** opens the inspector's document of the same filter; **Download CSV** saves it.
 */
export function CremationLogScreen({ canChangeRetention }: { canChangeRetention: boolean }) {
  const [retentionOpen, setRetentionOpen] = useState(false);
  const today = dateKeyOf(new Date());
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [chamberId, setChamberId] = useState("");
  const [page, setPage] = useState(1);
  const chambers = useChambers();
  const problem = rangeProblem(from, to);
  const filter = { from, to, ...(chamberId ? { chamberId } : {}) };
  const log = useCremationLog({ ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, problem === null);
  const exportHref = (format: "pdf" | "csv") => `/api/cases/cremation-log/export?${new URLSearchParams({ ...filter, format })}`;
  const reset = (fn: (v: string) => void) => (v: string) => {
    fn(v);
    setPage(1);
  };

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-slate-900">Cremation log</h1>
        <p className="text-sm text-slate-600">Every pet that went through a chamber, by day and chamber: for your records and for an inspection.</p>
        {log.data ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600" data-testid="retention-line">
            Case records are kept {log.data.retentionYears} {log.data.retentionYears === 1 ? "year" : "years"} after a case closes; until then nobody can delete them.
            {canChangeRetention ? (
              <Button variant="ghost" size="sm" className="text-indigo-700" onClick={() => setRetentionOpen(true)}>
                Change
              </Button>
            ) : null}
          </p>
        ) : null}
      </div>
      {canChangeRetention && log.data ? <RetentionDialog open={retentionOpen} years={log.data.retentionYears} onClose={() => setRetentionOpen(false)} /> : null}
      <CaseViews current="log" />
      <section aria-label="Filters" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
        <div>
          <Label htmlFor="cremation-log-from">From</Label>
          <Input id="cremation-log-from" type="date" className="mt-1" value={from} max={to || undefined} onChange={(e) => reset(setFrom)(e.target.value)} aria-invalid={problem !== null && !isDateKey(from) ? true : undefined} />
        </div>
        <div>
          <Label htmlFor="cremation-log-to">To</Label>
          <Input id="cremation-log-to" type="date" className="mt-1" value={to} min={from || undefined} onChange={(e) => reset(setTo)(e.target.value)} aria-invalid={problem !== null && isDateKey(from) ? true : undefined} />
        </div>
        <div>
          <Label htmlFor="cremation-log-chamber">Chamber</Label>
          <Select id="cremation-log-chamber" className="mt-1" value={chamberId} onChange={(e) => reset(setChamberId)(e.target.value)}>
            <option value="">All chambers</option>
            {(chambers.data?.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1">
          {problem ? (
            <span className={buttonClasses({ className: "pointer-events-none opacity-50" })} aria-disabled="true">
              Print (PDF)
            </span>
          ) : (
            <a href={exportHref("pdf")} target="_blank" rel="noopener" className={buttonClasses()}>
              Print (PDF)
            </a>
          )}
          {problem ? null : (
            <a href={exportHref("csv")} download className={buttonClasses({ variant: "secondary" })}>
              Download CSV
            </a>
          )}
        </div>
      </section>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : log.isPending ? (
        <div role="status" className="flex items-center gap-2 p-6 text-slate-600">
          <Spinner label="" />
          Loading the log…
        </div>
      ) : log.isError ? (
        <EmptyState title={getFriendlyError(log.error).title} description={getFriendlyError(log.error).description} />
      ) : log.data.total === 0 ? (
        <EmptyState title="No cremations in this range" description="Each chamber-in scan adds a line here; try other days or another chamber." />
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="cremation-log-summary">
            {log.data.total} {log.data.total === 1 ? "cremation" : "cremations"} in {log.data.cycles} {log.data.cycles === 1 ? "cycle" : "cycles"}
          </p>
          {/* On a phone: one card per pet, grouped like the table, every figure on screen. */}
          <ol className="space-y-3 sm:hidden" aria-label="Cremation log">
            {log.data.items.map((row, i) => {
              const prev = log.data.items[i - 1];
              const newGroup = !prev || prev.day !== row.day || prev.chamber.id !== row.chamber.id;
              return (
                <li key={`${row.caseNumber}-${row.startedAt}`} className="space-y-2">
                  {newGroup ? (
                    <h2 className="pt-1 text-sm font-semibold text-slate-800">
                      {formatDay(row.day)} · {row.chamber.name}
                    </h2>
                  ) : null}
                  <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <Link href={`/cases/${encodeURIComponent(row.caseNumber)}`} className="font-mono text-xs font-medium text-indigo-700 hover:underline">
                          {row.caseNumber}
                        </Link>
                        <p className="text-slate-900">
                          {row.petName} <span className="text-slate-600">({row.petSpecies})</span>
                        </p>
                      </div>
                      <ServiceTypeBadge serviceType={row.serviceType} short />
                    </div>
                    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-slate-700">
                      <dt className="text-slate-500">Cycle</dt>
                      <dd className="tabular-nums">{row.cycle}</dd>
                      <dt className="text-slate-500">In – out</dt>
                      <dd className="tabular-nums">
                        {clockTime(row.startedAt)} – {outTime(row)}
                      </dd>
                      <dt className="text-slate-500">Operator</dt>
                      <dd>{row.operator ?? "—"}</dd>
                      <dt className="text-slate-500">Body / remains</dt>
                      <dd className="tabular-nums">
                        {weight(row.bodyWeightLbs)} / {weight(row.remainsWeightLbs)} lb
                      </dd>
                    </dl>
                  </div>
                </li>
              );
            })}
          </ol>
          {/* Focusable, so a keyboard can scroll the table (axe: scrollable-region-focusable). */}
          <div className="hidden overflow-x-auto rounded-lg border sm:block border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600" role="region" aria-label="Cremation log" tabIndex={0}>
            <table className="min-w-full text-sm" aria-busy={log.isFetching}>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Cycle
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Case
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Service
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    In
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    Out
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Operator
                  </th>
                  <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    Body lb
                  </th>
                  <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    Remains lb
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {log.data.items.map((row, i) => {
                  const prev = log.data.items[i - 1];
                  const newGroup = !prev || prev.day !== row.day || prev.chamber.id !== row.chamber.id;
                  return (
                    <Fragment key={`${row.caseNumber}-${row.startedAt}`}>
                      {newGroup ? (
                        <tr className="bg-slate-100">
                          <th scope="colgroup" colSpan={8} className="px-3 py-1.5 text-left text-sm font-semibold text-slate-800">
                            {formatDay(row.day)} · {row.chamber.name}
                          </th>
                        </tr>
                      ) : null}
                      <tr>
                        <td className="px-3 py-2 text-slate-700 tabular-nums">{row.cycle}</td>
                        <td className="px-3 py-2">
                          <Link href={`/cases/${encodeURIComponent(row.caseNumber)}`} className="font-mono text-xs font-medium whitespace-nowrap text-indigo-700 hover:underline">
                            {row.caseNumber}
                          </Link>
                          <span className="block whitespace-nowrap text-slate-900">
                            {row.petName} <span className="text-slate-600">({row.petSpecies})</span>
                          </span>
                        </td>
                        <td className="px-3 py-2">
                          <ServiceTypeBadge serviceType={row.serviceType} short />
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap text-slate-700 tabular-nums">{clockTime(row.startedAt)}</td>
                        <td className="px-3 py-2 whitespace-nowrap text-slate-700 tabular-nums">{outTime(row)}</td>
                        <td className="px-3 py-2 whitespace-nowrap text-slate-700">{row.operator ?? "—"}</td>
                        <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{weight(row.bodyWeightLbs)}</td>
                        <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{weight(row.remainsWeightLbs)}</td>
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          {log.data.total > PAGE_SIZE ? <Pagination page={page} pages={Math.ceil(log.data.total / PAGE_SIZE)} onPageChange={setPage} /> : null}
        </>
      )}
    </div>
  );
}
