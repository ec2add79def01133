"use client";

import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toastError } from "@/components/ui/use-toast";
import { useSavePayrollExportSettings } from "@/lib/queries/time";
import type { PayrollExportOptions, payrollExportSettingsResultSchema } from "@/lib/validations/time";

type Settings = z.infer<typeof payrollExportSettingsResultSchema>;

const CHECKS: [keyof PayrollExportOptions, string][] = [
  ["excludeVolunteers", "Leave out volunteers"],
  ["excludeNoTime", "Leave out members with no time"],
  ["usePayrollId", "Payroll ID instead of the internal id"],
  ["totalHours", "Total hours"],
  ["approval", "Approved by and approved at"],
  ["period", "The period (start and end)"],
];

/**
 * "Export payroll": the layout, CSV or XLSX, and the options. Downloading remembers the choices for
 * the organization (PUT /api/admin/time/payroll/settings), then fetches the file.
 */
export function PayrollExportButton({ period, settings }: { period: string; settings: Settings }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PayrollExportOptions>(settings.options);
  const save = useSavePayrollExportSettings();
  const ownLayouts = settings.layouts.filter((l) => !l.builtIn).map((l) => ({ id: l.id, name: l.name, columns: l.columns, dateFormat: l.dateFormat, hoursFormat: l.hoursFormat }));
  const download = async () => {
    try {
      await save.mutateAsync({ options, layouts: ownLayouts });
      const link = document.createElement("a");
      link.href = `/api/admin/time/payroll?period=${period}&kind=summary&format=${options.format}&layout=${encodeURIComponent(options.layoutId)}`;
      link.download = "";
      document.body.append(link);
      link.click();
      link.remove();
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
            <Button onClick={download} isLoading={save.isPending}>
              Download
            </Button>
          </>
        }
      >
        <div className="space-y-4">
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
