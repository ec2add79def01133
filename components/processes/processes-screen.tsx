"use client";

import Link from "next/link";
import { useDeferredValue, useState } from "react";
import { buttonClasses, Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { useProcesses } from "@/lib/queries/processes";
import { formatDateTime } from "@/lib/dates";
import { ProcessActions } from "./process-actions";
import { LazyStartProcessDialog } from "./lazy-process-dialogs";
import { RowLink } from "@/components/ui/row-link";

/** /processes: the templates with their step count, department, times started and last start; start, edit, duplicate, archive. */
export function ProcessesScreen() {
  const [search, setSearch] = useState("");
  const [show, setShow] = useState<"active" | "archived">("active");
  const [starting, setStarting] = useState<string | null>(null);
  const q = useDeferredValue(search.trim());
  const list = useProcesses({ q: q || undefined, show });
  const items = list.data?.items;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Processes</h1>
        <Link href="/workflow?create=true" className={buttonClasses()}>
          New Process
        </Link>
      </div>
      <section aria-label="Filters" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <Input type="search" aria-label="Search processes" placeholder="Search processes" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Select aria-label="Show" value={show} onChange={(e) => setShow(e.target.value as "active" | "archived")}>
          <option value="active">Active</option>
          <option value="archived">Archived</option>
        </Select>
      </section>

      {list.isError ? (
        <EmptyState title={getFriendlyError(list.error).title} description={getFriendlyError(list.error).description} action={<Button onClick={() => list.refetch()}>Try Again</Button>} />
      ) : !items ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : items.length === 0 ? (
        q || show === "archived" ? (
          <EmptyState title="No processes match" description={show === "archived" ? "No archived process matches." : "Try another search."} />
        ) : (
          <EmptyState
            title="No processes yet"
            description="Write a procedure once — a private cremation, a keepsake order — and start it whenever it is needed, with dates, departments and people filled in."
            action={
              <Link href="/workflow?create=true" className={buttonClasses()}>
                Create Process
              </Link>
            }
          />
        )
      ) : (
        <ul className="space-y-3" aria-label="Processes">
          {items.map((p) => (
            <li key={p.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h2 className="text-base font-semibold break-words text-slate-900">
                  <RowLink href={`/processes/${p.id}`} className="hover:text-indigo-700 hover:underline">
                    {p.name}
                  </RowLink>
                </h2>
                <p className="mt-0.5 text-sm text-slate-600">
                  {p.stepCount} {p.stepCount === 1 ? "step" : "steps"} · {p.department?.name ?? "No department"} · started {p.runCount} {p.runCount === 1 ? "time" : "times"}
                  {p.lastStartedAt ? `, last ${formatDateTime(p.lastStartedAt)}` : ""}
                </p>
              </div>
              <ProcessActions process={p} onStart={() => setStarting(p.id)} />
            </li>
          ))}
        </ul>
      )}
      <LazyStartProcessDialog processId={starting} open={starting !== null} onClose={() => setStarting(null)} />
    </div>
  );
}
