"use client";

import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { RowLink } from "@/components/ui/row-link";
import { ApiError, sendRequest } from "@/lib/api-client";
import { useApprovePeriod, useSavePayrollExportSettings, useWholeTimeCard } from "@/lib/queries/time";
import {
  exportedRows,
  isProviderLayoutId,
  missingPayrollIds,
  MISSING_PAYROLL_ID,
  NOT_LOCKED,
  notApprovedText,
  notLockedRows,
  providerIdentifierProblem,
} from "@/lib/time/payroll-rows";
import type { PayrollExportOptions, payrollExportSettingsResultSchema } from "@/lib/validations/time";

type Settings = z.infer<typeof payrollExportSettingsResultSchema>;

const CHECKS: [keyof PayrollExportOptions, string][] = [
  ["excludeVolunteers", "Leave out volunteers"],
  ["excludeContractors", "Leave out contractors"],
  ["excludeNoTime", "Leave out members with no time"],
  ["usePayrollId", "Payroll ID instead of the internal id"],
  ["totalHours", "Total hours"],
  ["approval", "Approved by and approved at"],
  ["period", "The period (start and end)"],
];

/** The options that choose who is in the file: the only ones a provider layout (its own columns) reads. */
const ROW_CHOICES = new Set<keyof PayrollExportOptions>(["excludeVolunteers", "excludeContractors", "excludeNoTime"]);

/**
 * "Export payroll": the layout, CSV or XLSX, and the options. Downloading remembers the choices for
 * the organization (PUT /api/admin/time/payroll/settings), then fetches the file. Before that it
 * reads every member of the period and says, for exactly the people the file would hold, who has
 * no payroll ID (Download waits until they have one: a provider matches people by id) and how many
 * are not approved yet (Approve them, or Export anyway). A payroll provider's layout (Gusto,
 * QuickBooks IIF, ADP) holds locked periods only unless "Include periods not locked yet" is ticked
 * (for this download only), and names the people the provider could not match.
 */
export function PayrollExportButton({ period, settings }: { period: string; settings: Settings }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PayrollExportOptions>(settings.options);
  const [includeUnlocked, setIncludeUnlocked] = useState(false);
  const provider = isProviderLayoutId(options.layoutId) ? settings.providerLayouts.find((l) => l.id === options.layoutId) : undefined;
  const save = useSavePayrollExportSettings();
  const approve = useApprovePeriod();
  const whole = useWholeTimeCard(period, open);
  const rows = whole.data ? exportedRows(whole.data.rows, options) : null;
  // A provider file's identifiers are the provider's (providerIdentifierProblem); a column layout's, the Employee ID.
  const missing = rows && !provider ? missingPayrollIds(rows, options) : [];
  const unmatched = rows && provider ? providerIdentifierProblem(provider.id, rows) : null;
  const notLocked = rows && provider ? notLockedRows(rows) : [];
  const lockBlocks = notLocked.length > 0 && !includeUnlocked;
  const premiumMinutes = rows ? rows.reduce((sum, r) => sum + r.totals.premiumMinutes, 0) : 0;
  const notApproved = rows ? rows.filter((r) => !r.approval.approved) : [];
  const approvable = notApproved.filter((r) => !r.approval.locked);
  const blocked = rows === null || missing.length > 0 || unmatched !== null || lockBlocks;
  const ownLayouts = settings.layouts.filter((l) => !l.builtIn).map((l) => ({ id: l.id, name: l.name, columns: l.columns, dateFormat: l.dateFormat, hoursFormat: l.hoursFormat }));
  const download = async () => {
    try {
      await save.mutateAsync({ options, layouts: ownLayouts });
      // Fetched first, so a refusal (a payroll ID removed meanwhile: 409) is a toast, not a file of JSON.
      const query = provider
        ? `layout=${provider.id}${includeUnlocked ? "&unlocked=true" : ""}`
        : `format=${options.format}&layout=${encodeURIComponent(options.layoutId)}`;
      const response = await sendRequest("GET", `/api/admin/time/payroll?period=${period}&kind=summary&${query}`);
      if (!response.ok) throw await ApiError.fromResponse(response);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "payroll";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setOpen(false);
    } catch (error) {
      toastError(error, { title: "Could not export the payroll" });
    }
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Export payroll
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Export payroll"
        description="These choices are remembered for the next export."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={download} isLoading={save.isPending} disabled={blocked}>
              {notApproved.length > 0 ? "Export anyway" : "Download"}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {rows === null ? (
            <p className="text-sm text-slate-600" role="status">
              {whole.isError ? "Could not read the members of this period." : "Checking the members in this export…"}
            </p>
          ) : null}
          {missing.length > 0 ? (
            <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="payroll-missing-ids">
              <p className="font-medium">{MISSING_PAYROLL_ID(missing.length)}</p>
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                {missing.map((r) => (
                  <li key={r.member.id}>
                    <RowLink href={`/members/${r.member.id}`} className="font-medium text-red-900 underline underline-offset-2">
                      {`${r.member.firstName} ${r.member.lastName}`.trim()}
                    </RowLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {unmatched ? <MemberList testId="payroll-unmatched" message={unmatched.message} rows={unmatched.rows} /> : null}
          {provider?.id === "gusto" && premiumMinutes > 0 ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="payroll-gusto-premium">
              {`Gusto's CSV has no column for the missed-break premium (${(premiumMinutes / 60).toFixed(2)} hours in this export): enter it in Gusto's payroll by hand.`}
            </p>
          ) : null}
          {lockBlocks ? <MemberList testId="payroll-not-locked" message={NOT_LOCKED(notLocked.length)} rows={notLocked} /> : null}
          {notApproved.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="payroll-not-approved">
              <p className="font-medium">{notApprovedText(notApproved.length, rows!.length)}.</p>
              {approvable.length > 0 ? (
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={approve.isPending}
                  onClick={() =>
                    approve.mutate(
                      { period, userIds: approvable.map((r) => r.member.id) },
                      {
                        onSuccess: () => toast({ title: approvable.length === 1 ? "Period approved" : `${approvable.length} periods approved` }),
                        onError: (error) => toastError(error, { title: "Could not approve the period" }),
                      },
                    )
                  }
                >
                  {approvable.length === 1 ? "Approve this 1" : `Approve these ${approvable.length}`}
                </Button>
              ) : null}
            </div>
          ) : rows && rows.length > 0 ? (
            <p className="text-sm text-slate-600" data-testid="payroll-all-approved">
              Every member in this export is approved.
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <Label htmlFor="payroll-layout">Layout</Label>
              <Select id="payroll-layout" value={options.layoutId} onChange={(e) => setOptions({ ...options, layoutId: e.target.value })}>
                <optgroup label="Column layouts">
                  {settings.layouts.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Payroll providers">
                  {settings.providerLayouts.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </optgroup>
              </Select>
            </div>
            {provider ? (
              <div>
                <p className="text-sm font-medium text-slate-700">File</p>
                <p className="mt-2 text-sm text-slate-600" data-testid="payroll-provider-file">
                  {provider.extension === "iif" ? "IIF, for File › Utilities › Import › Timer Activities" : "CSV, with the provider's column titles"}
                </p>
              </div>
            ) : (
              <div>
                <Label htmlFor="payroll-format">File</Label>
                <Select id="payroll-format" value={options.format} onChange={(e) => setOptions({ ...options, format: e.target.value as PayrollExportOptions["format"] })}>
                  <option value="csv">CSV</option>
                  <option value="xlsx">Excel (XLSX)</option>
                </Select>
              </div>
            )}
          </div>
          {provider ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4 rounded border-slate-300" checked={includeUnlocked} onChange={(e) => setIncludeUnlocked(e.target.checked)} />
              Include periods not locked yet
            </label>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Options</legend>
            {CHECKS.filter(([key]) => !provider || ROW_CHOICES.has(key)).map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  checked={Boolean(options[key])}
                  onChange={(e) => setOptions({ ...options, [key]: e.target.checked })}
                />
                {label}
              </label>
            ))}
          </fieldset>
        </div>
      </Dialog>
    </>
  );
}

/** A refusal the dialog shows before the download: the message, then each person as a link to their page. */
function MemberList({ testId, message, rows }: { testId: string; message: string; rows: { member: { id: string; firstName: string; lastName: string } }[] }) {
  return (
    <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid={testId}>
      <p className="font-medium">{message}</p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {rows.map((r) => (
          <li key={r.member.id}>
            <RowLink href={`/members/${r.member.id}`} className="font-medium text-red-900 underline underline-offset-2">
              {`${r.member.firstName} ${r.member.lastName}`.trim()}
            </RowLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
