"use client";

import Link from "next/link";
import { Fragment, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { monthLabel, previousMonth } from "@/lib/billing/pricing";
import { formatDay } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { statementFileHref, useIssueStatement, useStatementPreview, useStatements } from "@/lib/queries/billing";
import type { StatementLine, StatementPreview, StatementSummary } from "@/lib/validations/billing";
import type { BillingClinic, BillingSection } from "./billing-section";

/** The payment form (react-hook-form and zod) loads when the bookkeeper opens it. */
const LazyRecordPaymentDialog = lazyDialog(() => import("./record-payment-dialog").then((m) => m.RecordPaymentDialog));

/** How far back the month picker reaches: two years of statements. */
const MONTHS_BACK = 24;
const STATEMENTS_PAGE_SIZE = 20;

/** This month (in progress) and the months before it, newest first. */
function monthChoices(thisMonth: string): string[] {
  const months = [thisMonth];
  while (months.length <= MONTHS_BACK) months.push(previousMonth(months[months.length - 1]!));
  return months;
}

/**
 * The Statements view: a month and a clinic, what that month's statement holds (or holds now, if
 * not issued yet) with **Issue statement**, then every issued statement with its files.
 */
export function StatementsView({
  section,
  canManage,
  clinics,
  thisMonth,
  today,
}: {
  section: Extract<BillingSection, { kind: "statements" }>;
  canManage: boolean;
  clinics: BillingClinic[];
  thisMonth: string;
  today: string;
}) {
  const [month, setMonth] = useState(section.month);
  const [clinicVendorId, setClinicVendorId] = useState(section.clinicVendorId ?? "");
  const [paymentOpen, setPaymentOpen] = useState(false);
  const isFirstRead = month === section.month && clinicVendorId === section.clinicVendorId;
  const preview = useStatementPreview(clinicVendorId ? { clinicVendorId, month } : null, isFirstRead ? (section.preview ?? undefined) : undefined);
  const ids = { month: useId(), clinic: useId() };

  return (
    <div className="space-y-5">
      <section aria-label="Statement month and clinic" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end">
        <div>
          <Label htmlFor={ids.month}>Month</Label>
          <Select id={ids.month} className="mt-1" value={month} onChange={(e) => setMonth(e.target.value)}>
            {monthChoices(thisMonth).map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
                {m === thisMonth ? " (in progress)" : ""}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={ids.clinic}>Clinic</Label>
          <Select id={ids.clinic} className="mt-1" value={clinicVendorId} onChange={(e) => setClinicVendorId(e.target.value)} disabled={clinics.length === 0}>
            {clinics.length === 0 ? <option value="">No clinics yet</option> : null}
            {clinics.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        {canManage ? (
          <Button variant="secondary" onClick={() => setPaymentOpen(true)} disabled={clinics.length === 0}>
            Record payment
          </Button>
        ) : null}
      </section>

      {clinics.length === 0 ? (
        <EmptyState title="No clinics yet" description="Add a vendor of the kind clinic on the Vendors page; its cases are billed on its monthly statement." />
      ) : preview.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : preview.isError ? (
        <EmptyState title={getFriendlyError(preview.error).title} description={getFriendlyError(preview.error).description} />
      ) : (
        <PreviewCard preview={preview.data} busy={preview.isPlaceholderData} canManage={canManage} thisMonth={thisMonth} />
      )}

      <IssuedStatements initial={section.statements} />

      {/* Keyed by the picked clinic: the form opens on the clinic on screen. */}
      {canManage ? <LazyRecordPaymentDialog key={clinicVendorId} open={paymentOpen} onClose={() => setPaymentOpen(false)} clinics={clinics} clinicVendorId={clinicVendorId} today={today} /> : null}
    </div>
  );
}

/** A charge's lines grouped by case, in the statement's order. */
function byCase(lines: StatementLine[]): Array<{ caseNumber: string | null; petName: string | null; lines: StatementLine[] }> {
  const groups: Array<{ caseNumber: string | null; petName: string | null; lines: StatementLine[] }> = [];
  for (const line of lines) {
    if (line.kind !== "charge") continue;
    const last = groups[groups.length - 1];
    if (last && last.caseNumber === line.caseNumber) last.lines.push(line);
    else groups.push({ caseNumber: line.caseNumber, petName: line.petName, lines: [line] });
  }
  return groups;
}

const caseHref = (caseNumber: string) => `/cases/${encodeURIComponent(caseNumber)}`;

function PreviewCard({ preview, busy, canManage, thisMonth }: { preview: StatementPreview; busy: boolean; canManage: boolean; thisMonth: string }) {
  const [confirming, setConfirming] = useState(false);
  const issue = useIssueStatement();
  const label = monthLabel(preview.month);
  const cases = byCase(preview.lines);
  const payments = preview.lines.filter((l) => l.kind === "payment");
  const ended = preview.month < thisMonth;
  const headingId = useId();

  async function confirmIssue() {
    try {
      const statement = await issue.mutateAsync({ clinicVendorId: preview.clinicVendorId, month: preview.month });
      setConfirming(false);
      toast({ title: "Statement issued", description: `${statement.number} for ${statement.clinicName}: balance due ${formatMoney(statement.balanceCents)}.` });
    } catch (error) {
      setConfirming(false);
      await toastError(error, { title: "Could not issue the statement" });
    }
  }

  return (
    <section aria-labelledby={headingId} aria-busy={busy} className="rounded-lg border border-slate-200 bg-white shadow-xs" data-testid="statement-preview">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {preview.clinicName} · {label}
            </h2>
            {preview.issued ? (
              <Badge variant="success">Issued {preview.issued.number}</Badge>
            ) : ended ? (
              <Badge variant="warning">Not issued</Badge>
            ) : (
              <Badge>Month in progress</Badge>
            )}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {formatDay(preview.periodStart)} – {formatDay(preview.periodEnd)}
            {preview.issued ? ` · issued ${formatDay(preview.issued.issuedAt)}` : " · a preview: what the statement holds if issued now"}
          </p>
        </div>
        {preview.issued ? (
          <FileLinks statement={preview.issued} />
        ) : canManage && ended ? (
          <Button onClick={() => setConfirming(true)}>Issue statement</Button>
        ) : null}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-3 text-sm sm:grid-cols-5 sm:px-5">
        <Total term="Previous balance" cents={preview.previousBalanceCents} />
        <Total term="Charges" cents={preview.chargesCents} />
        <Total term="Sales tax" cents={preview.taxCents} />
        <Total term="Payments" cents={preview.paymentsCents === 0 ? 0 : -preview.paymentsCents} />
        <Total term="Balance due" cents={preview.balanceCents} strong />
      </dl>

      {cases.length === 0 && payments.length === 0 ? (
        <p className="border-t border-slate-100 px-4 py-4 text-sm text-slate-600 sm:px-5">Nothing new this month: no charges and no payments{preview.issued ? " were carried" : " yet"}.</p>
      ) : (
        <div className="space-y-4 border-t border-slate-100 px-4 py-4 sm:px-5">
          {cases.length > 0 ? <ChargesByCase cases={cases} /> : null}
          {payments.length > 0 ? <Payments lines={payments} /> : null}
        </div>
      )}

      {!preview.issued && canManage && !ended ? (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-5">{label} has not ended yet: its statement can be issued from the 1st of the next month.</p>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Issue the statement for ${label}?`}
        description={`Issuing freezes ${label} for ${preview.clinicName}: the statement, the charges and the payments it carries never change again. It is e-mailed to the clinic with its PDF and CSV; a correction made later lands on the next month's statement.`}
        confirmLabel="Issue statement"
        pending={issue.isPending}
        onConfirm={confirmIssue}
      >
        <p className="text-sm text-slate-700">
          Balance due: <span className="font-semibold tabular-nums">{formatMoney(preview.balanceCents)}</span>
        </p>
      </ConfirmDialog>
    </section>
  );
}

function Total({ term, cents, strong }: { term: string; cents: number; strong?: boolean }) {
  return (
    <div className={strong ? "col-span-2 sm:col-span-1" : undefined}>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className={`tabular-nums ${strong ? "text-lg font-semibold text-slate-900" : "text-slate-800"}`}>{formatMoney(cents)}</dd>
    </div>
  );
}

/** The month's charges by case: a table from `sm`, one card per case on a phone. */
function ChargesByCase({ cases }: { cases: ReturnType<typeof byCase> }) {
  const caseTotal = (lines: StatementLine[]) => lines.reduce((s, l) => s + l.amountCents + l.taxCents, 0);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Charges by case</h3>
      <ul className="space-y-2 sm:hidden" aria-label="Charges by case">
        {cases.map((group, i) => (
          <li key={`${group.caseNumber}-${i}`} className="rounded-md border border-slate-200 p-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <CaseName caseNumber={group.caseNumber} petName={group.petName} />
              <span className="font-medium tabular-nums">{formatMoney(caseTotal(group.lines))}</span>
            </div>
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {group.lines.map((line, j) => (
                <li key={j} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">{line.description}</span>
                  <span className="shrink-0 tabular-nums">
                    {formatMoney(line.amountCents)}
                    {line.taxCents ? <span className="text-slate-500"> + {formatMoney(line.taxCents)} tax</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:block" role="region" aria-label="Charges by case" tabIndex={0}>
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">Day</th>
              <th scope="col" className="px-3 py-2">Charge</th>
              <th scope="col" className="px-3 py-2 text-right">Amount</th>
              <th scope="col" className="px-3 py-2 text-right">Tax</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {cases.map((group, i) => (
              <Fragment key={`${group.caseNumber}-${i}`}>
                <tr className="bg-slate-50/60">
                  <th scope="colgroup" colSpan={2} className="px-3 py-1.5 text-left font-medium">
                    <CaseName caseNumber={group.caseNumber} petName={group.petName} />
                  </th>
                  <td className="px-3 py-1.5 text-right font-medium tabular-nums">{formatMoney(group.lines.reduce((s, l) => s + l.amountCents, 0))}</td>
                  <td className="px-3 py-1.5 text-right font-medium text-slate-600 tabular-nums">{formatMoney(group.lines.reduce((s, l) => s + l.taxCents, 0))}</td>
                </tr>
                {group.lines.map((line, j) => (
                  <tr key={j}>
                    <td className="px-3 py-1.5 whitespace-nowrap text-slate-600">{formatDay(line.day)}</td>
                    <td className="px-3 py-1.5 text-slate-800">{line.description}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(line.amountCents)}</td>
                    <td className="px-3 py-1.5 text-right text-slate-600 tabular-nums">{formatMoney(line.taxCents)}</td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CaseName({ caseNumber, petName }: { caseNumber: string | null; petName: string | null }) {
  return (
    <span className="min-w-0">
      {caseNumber ? (
        <Link href={caseHref(caseNumber)} className="font-mono text-xs font-medium text-indigo-700 hover:underline">
          {caseNumber}
        </Link>
      ) : null}
      {petName ? <span className="ml-2 text-slate-900">{petName}</span> : null}
    </span>
  );
}

function Payments({ lines }: { lines: StatementLine[] }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Payments</h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" aria-label="Payments">
        {lines.map((line, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-x-3 px-3 py-1.5">
            <span className="min-w-0 break-words text-slate-800">
              <span className="text-slate-600">{formatDay(line.day)}</span> · {line.description}
            </span>
            <span className="tabular-nums">−{formatMoney(line.amountCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A statement's three files; each link names the statement for a screen reader. */
function FileLinks({ statement }: { statement: Pick<StatementSummary, "id" | "number"> }) {
  const formats = [
    { format: "pdf", label: "PDF" },
    { format: "csv", label: "CSV" },
    { format: "iif", label: "IIF" },
  ] as const;
  return (
    <div className="flex shrink-0 gap-1.5">
      {formats.map(({ format, label }) => (
        <a
          key={format}
          href={statementFileHref(statement.id, format)}
          download
          className={buttonClasses({ variant: "secondary", size: "sm" })}
          aria-label={`${statement.number} ${label}`}
          title={format === "iif" ? "QuickBooks Desktop invoice (IIF)" : undefined}
        >
          {label}
        </a>
      ))}
    </div>
  );
}

/** Every issued statement, newest month first, a page at a time: a table from `sm`, cards on a phone. */
function IssuedStatements({ initial }: { initial: Extract<BillingSection, { kind: "statements" }>["statements"] }) {
  const list = useStatements(initial);
  const [page, setPage] = useState(1);
  const statements = list.data?.statements ?? [];
  const pages = Math.max(1, Math.ceil(statements.length / STATEMENTS_PAGE_SIZE));
  const shown = statements.slice((page - 1) * STATEMENTS_PAGE_SIZE, page * STATEMENTS_PAGE_SIZE);
  const total = (s: StatementSummary) => s.chargesCents + s.taxCents;

  return (
    <section aria-labelledby="issued-statements-title" className="space-y-3">
      <h2 id="issued-statements-title" className="text-lg font-semibold text-slate-900">
        Issued statements {list.data ? <span className="text-sm font-normal text-slate-600">({statements.length})</span> : null}
      </h2>
      {list.isError ? (
        <EmptyState title={getFriendlyError(list.error).title} description={getFriendlyError(list.error).description} />
      ) : statements.length === 0 ? (
        <EmptyState title="No statements issued yet" description="Issue a clinic's statement once its month has ended; it is listed here with its PDF, CSV and QuickBooks file." />
      ) : (
        <>
          <ul className="space-y-2 sm:hidden" aria-label="Issued statements">
            {shown.map((s) => (
              <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="statement-row">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-mono text-xs text-slate-600">{s.number}</p>
                    <p className="font-medium break-words text-slate-900">{s.clinicName}</p>
                    <p className="text-slate-600">{monthLabel(s.month)}</p>
                  </div>
                  <div className="text-right">
                    <p className="text-xs text-slate-500">Balance</p>
                    <p className="font-semibold tabular-nums">{formatMoney(s.balanceCents)}</p>
                    <p className="text-xs text-slate-500 tabular-nums">Total {formatMoney(total(s))}</p>
                  </div>
                </div>
                <div className="mt-2">
                  <FileLinks statement={s} />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600 sm:block" role="region" aria-label="Issued statements" tabIndex={0}>
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Number</th>
                  <th scope="col" className="px-3 py-2">Clinic</th>
                  <th scope="col" className="px-3 py-2">Month</th>
                  <th scope="col" className="px-3 py-2 text-right">Total</th>
                  <th scope="col" className="px-3 py-2 text-right">Balance</th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Files</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((s) => (
                  <tr key={s.id} data-testid="statement-row">
                    <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap">{s.number}</td>
                    <td className="px-3 py-1.5 text-slate-900">{s.clinicName}</td>
                    <td className="px-3 py-1.5 whitespace-nowrap text-slate-700">{monthLabel(s.month)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(total(s))}</td>
                    <td className="px-3 py-1.5 text-right font-medium tabular-nums">{formatMoney(s.balanceCents)}</td>
                    <td className="px-3 py-1.5">
                      <FileLinks statement={s} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={pages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
