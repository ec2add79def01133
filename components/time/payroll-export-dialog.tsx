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
import { exportedRows, missingPayrollIds, MISSING_PAYROLL_ID, notApprovedText } from "@/lib/time/payroll-rows";
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

/**
 * "Export payroll": the layout, CSV or XLSX, and the options. Downloading remembers the choices for
 * the organization (PUT /api/admin/time/payroll/settings), then fetches the file. Before that it
 * reads every member of the period and says, for exactly the people the file would hold, who has
 * no payroll ID (Download waits until they have one: a provider matches people by id) and how many
 * are not approved yet (Approve them, or Export anyway).
 */
export function PayrollExportButton({ period, settings }: { period: string; settings: Settings }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PayrollExportOptions>(settings.options);
  const save = useSavePayrollExportSettings();
  const approve = useApprovePeriod();
  const whole = useWholeTimeCard(period, open);
  const rows = whole.data ? exportedRows(whole.data.rows, options) : null;
  const missing = rows ? missingPayrollIds(rows, options) : [];
  const notApproved = rows ? rows.filter((r) => !r.approval.approved) : [];
  const approvable = notApproved.filter((r) => !r.approval.locked);
  const blocked = rows === null || missing.length > 0;
  const ownLayouts = settings.layouts.filter((l) => !l.builtIn).map((l) => ({ id: l.id, name: l.name, columns: l.columns, dateFormat: l.dateFormat, hoursFormat: l.hoursFormat }));
  const download = async () => {
    try {
      await save.mutateAsync({ options, layouts: ownLayouts });
      // Fetched first, so a refusal (a payroll ID removed meanwhile: 409) is a toast, not a file of JSON.
      const response = await sendRequest("GET", `/api/admin/time/payroll?period=${period}&kind=summary&format=${options.format}&layout=${encodeURIComponent(options.layoutId)}`);
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
                {settings.layouts.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Label htmlFor="payroll-format">File</Label>
              <Select id="payroll-format" value={options.format} onChange={(e) => setOptions({ ...options, format: e.target.value as PayrollExportOptions["format"] })}>
                <option value="csv">CSV</option>
                <option value="xlsx">Excel (XLSX)</option>
              </Select>
            </div>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Options</legend>
            {CHECKS.map(([key, label]) => (
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
