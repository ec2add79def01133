"use client";

import Link from "next/link";
import { useDeferredValue, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { CASE_STATIONS, SERVICE_TYPES, SERVICE_TYPE_LABELS, STATION_LABELS, type Station } from "@/lib/cases/stations";
import { formatDay } from "@/lib/dates";
import { useCaseBoard, useCaseList, type CaseBoard } from "@/lib/queries/cases";
import { ServiceTypeBadge, hoursLabel } from "./case-badges";
import { RowLink } from "@/components/ui/row-link";
import { ChambersOutOfService } from "./chambers-out-of-service";

const PAGE_SIZE = 25;

/**
 * /cases: the board of open cases by step (time at the current step, the promised return date,
 * overdue in red) and the list of every case with search and filters. Admins and managers add cases.
 */
export function CasesScreen({ canWrite, view }: { canWrite: boolean; view: "board" | "list" }) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Cases</h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/scan" className={buttonClasses({ variant: "secondary" })}>
            Scan
          </Link>
          <Link href="/cases/chambers" className={buttonClasses({ variant: "secondary" })}>
            Chambers
          </Link>
          {canWrite ? (
            <Link href="/cases/new" className={buttonClasses()}>
              New Case
            </Link>
          ) : null}
        </div>
      </div>
      <CaseViews current={view} />
      {view === "board" ? <ChambersOutOfService /> : null}
      {view === "board" ? <Board /> : <CaseList />}
    </div>
  );
}

const CASE_VIEWS = [
  { view: "board", href: "/cases", label: "Board" },
  { view: "list", href: "/cases?view=list", label: "List" },
  { view: "log", href: "/cases/cremation-log", label: "Cremation log" },
] as const;

/** The tabs between the board, the list and the cremation log. */
export function CaseViews({ current }: { current: (typeof CASE_VIEWS)[number]["view"] }) {
  return (
    <nav aria-label="Case views" className="inline-flex max-w-full rounded-lg bg-slate-100 p-1">
      {CASE_VIEWS.map((v) => (
        <Link
          key={v.view}
          href={v.href}
          aria-current={current === v.view ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap sm:px-4 ${current === v.view ? "bg-white text-slate-900 shadow-xs" : "text-slate-700 hover:text-slate-900"}`}
        >
          {v.label}
        </Link>
      ))}
    </nav>
  );
}

function Board() {
  const board = useCaseBoard();
  if (board.isPending) return <Loading />;
  if (board.isError) return <LoadError error={board.error} />;
  const columns = board.data.columns;
  const total = columns.reduce((n, c) => n + c.cases.length, 0);
  if (total === 0) return <EmptyState title="No open cases" description="Cases appear here from intake until they are returned." />;
  return (
    <section aria-label="Open cases by step" className="-mx-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:px-0">
      <div className="flex gap-3">
        {columns.map((column) => (
          <BoardColumn key={column.station ?? "created"} column={column} />
        ))}
      </div>
    </section>
  );
}

function BoardColumn({ column }: { column: CaseBoard["columns"][number] }) {
  const title = column.station ? STATION_LABELS[column.station] : "Awaiting intake";
  return (
    <div className="w-64 shrink-0 rounded-lg bg-slate-100 p-2" data-testid={`board-column-${column.station ?? "created"}`}>
      <h2 className="flex items-center justify-between px-1 py-1 text-sm font-semibold text-slate-800">
        {title}
        <span className="rounded-full bg-white px-2 text-xs text-slate-700">{column.cases.length}</span>
      </h2>
      <ul className="mt-1 space-y-2">
        {column.cases.map((c) => (
          <li key={c.number}>
            <RowLink
              href={`/cases/${encodeURIComponent(c.number)}`}
              className={`block rounded-md border bg-white p-3 shadow-xs hover:border-indigo-400 ${c.overdue ? "border-red-300" : "border-slate-200"}`}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="font-semibold text-slate-900">{c.petName}</span>
                <ServiceTypeBadge serviceType={c.serviceType} short />
              </span>
              <span className="mt-0.5 block font-mono text-xs text-slate-600">{c.number}</span>
              <span className="mt-2 flex items-center justify-between text-xs text-slate-700">
                <span>{hoursLabel(c.hoursAtStep)} at this step</span>
                {c.promisedReturnDate ? (
                  <span className={c.overdue ? "font-semibold text-red-700" : ""}>
                    {c.overdue ? "Overdue · " : "Due "}
                    {formatDay(c.promisedReturnDate)}
                  </span>
                ) : null}
              </span>
              {c.remainsWeightConfirmed ? (
                <span className="mt-2 block rounded bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900" data-testid="board-weight-confirmed">
                  Weight confirmed outside range
                  {c.remainsWeightConfirmed.percent !== null ? ` (${c.remainsWeightConfirmed.percent}%, expected ${c.remainsWeightConfirmed.minPercent}–${c.remainsWeightConfirmed.maxPercent}%)` : ""}
                </span>
              ) : null}
            </RowLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CaseList() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<"open" | "closed" | "all">("open");
  const [serviceType, setServiceType] = useState("");
  const [station, setStation] = useState<Station | "">("");
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const list = useCaseList({
    q: q || undefined,
    status,
    serviceType: serviceType || undefined,
    station: station || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const reset = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <section aria-label="Filters" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input type="search" aria-label="Search cases" placeholder="Number, pet, family or tag" value={search} onChange={(e) => reset(setSearch)(e.target.value)} />
        <Select aria-label="Status" value={status} onChange={(e) => reset(setStatus)(e.target.value as typeof status)}>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
          <option value="all">All</option>
        </Select>
        <Select aria-label="Service type" value={serviceType} onChange={(e) => reset(setServiceType)(e.target.value)}>
          <option value="">All service types</option>
          {SERVICE_TYPES.map((t) => (
            <option key={t} value={t}>
              {SERVICE_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
        <Select aria-label="Current step" value={station} onChange={(e) => reset(setStation)(e.target.value as Station | "")}>
          <option value="">Any step</option>
          {CASE_STATIONS.map((s) => (
            <option key={s} value={s}>
              {STATION_LABELS[s]}
            </option>
          ))}
        </Select>
      </section>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No cases found" description={q || serviceType || station || status !== "open" ? "Try other filters." : "New cases appear here from intake on."} />
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Case
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Pet
                  </th>
                  <th scope="col" className="hidden px-3 py-2 md:table-cell">
                    Family
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Service
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Step
                  </th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                    Promised return
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.items.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50">
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                      <RowLink href={`/cases/${encodeURIComponent(c.number)}`} className="font-medium text-indigo-700 hover:underline">
                        {c.number}
                      </RowLink>
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-medium text-slate-900">{c.petName}</span>
                      <span className="block text-xs text-slate-600">{c.petSpecies}</span>
                    </td>
                    <td className="hidden px-3 py-2 text-slate-700 md:table-cell">{c.familyName}</td>
                    <td className="px-3 py-2">
                      <ServiceTypeBadge serviceType={c.serviceType} short />
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {c.status === "closed" ? <Badge>Closed</Badge> : c.currentStation ? STATION_LABELS[c.currentStation] : "Awaiting intake"}
                    </td>
                    <td className="hidden px-3 py-2 text-slate-700 sm:table-cell">{c.promisedReturnDate ? formatDay(c.promisedReturnDate) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-slate-600">
            {list.data.total} {list.data.total === 1 ? "case" : "cases"}
          </p>
          {list.data.total > PAGE_SIZE ? <Pagination page={page} pages={Math.ceil(list.data.total / PAGE_SIZE)} onPageChange={setPage} /> : null}
        </>
      )}
    </div>
  );
}

function Loading() {
  return (
    <div role="status" className="flex items-center gap-2 p-6 text-slate-600">
      <Spinner label="" />
      Loading cases…
    </div>
  );
}

function LoadError({ error }: { error: unknown }) {
  const friendly = getFriendlyError(error);
  return <EmptyState title={friendly.title} description={friendly.description} />;
}
