"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { usePayrollProviderSettings, useSavePayrollProviderSettings } from "@/lib/queries/time";
import { useTimeOffTypes } from "@/lib/queries/time-off";
import { adpTimeOffCode } from "@/lib/time/payroll-providers";
import { payrollProviderSettingsSchema, type PayrollProviderSettings, type PayrollProviderSettingsInput } from "@/lib/validations/time";

/**
 * "Payroll providers" on the time card's Policy tab, beside the export's own settings: what the
 * QuickBooks IIF and ADP files need of the business (docs/time.md, "Exports to payroll providers").
 * Saved through PUT /api/admin/time/payroll/providers (audited).
 */
export function PayrollProviderSettingsSection() {
  const settings = usePayrollProviderSettings();
  return (
    <section aria-labelledby="payroll-providers-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id="payroll-providers-title" className="text-lg font-semibold text-slate-900">
        Payroll providers
      </h2>
      <p className="text-sm text-slate-600">
        What the Gusto, QuickBooks and ADP files of “Export payroll” need. Gusto needs nothing here: it matches people by name, and by the payroll ID (their Gusto employee ID) when two share a name.
      </p>
      {settings.isError ? <p className="text-sm text-red-700">Could not load the payroll provider settings.</p> : null}
      {settings.data ? <ProviderForm initial={settings.data} /> : settings.isError ? null : <p className="text-sm text-slate-600">Loading…</p>}
    </section>
  );
}

function ProviderForm({ initial }: { initial: PayrollProviderSettings }) {
  const save = useSavePayrollProviderSettings();
  const types = useTimeOffTypes();
  const paid = (types.data?.types ?? []).filter((t) => t.paid);
  const form = useZodForm(payrollProviderSettingsSchema, { defaultValues: initial });
  // Per time-off type (names as keys, which a form path cannot hold): kept apart and merged on save.
  const [items, setItems] = useState<Record<string, string>>(initial.quickbooks.timeOffItems);
  const [codes, setCodes] = useState<Record<string, string>>(initial.adp.timeOffCodes);
  const clean = (map: Record<string, string>) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  const submit = (values: PayrollProviderSettings) => {
    const body: PayrollProviderSettingsInput = {
      quickbooks: { ...values.quickbooks, timeOffItems: clean(items) },
      adp: { ...values.adp, timeOffCodes: clean(codes) },
    };
    save.mutate(body, {
      onSuccess: () => toast({ title: "Payroll provider settings saved" }),
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the payroll provider settings" });
      },
    });
  };
  const text = (name: Parameters<typeof form.register>[0], label: string, hint?: string) => (
    <Field name={name} label={label} hint={hint}>
      {(control) => <Input {...control} {...form.register(name)} />}
    </Field>
  );
  return (
    <Form form={form} onSubmit={submit} aria-label="Payroll providers" className="space-y-5">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-medium text-slate-900">QuickBooks Desktop (IIF timer activities)</legend>
        {text("quickbooks.companyName", "Company name", "As in QuickBooks' Company Information window.")}
        <Field name="quickbooks.employeeName" label="Employee names (EMP)" hint="As on the QuickBooks employee list.">
          {(control) => (
            <Select {...control} {...form.register("quickbooks.employeeName")}>
              <option value="first-last">First Last</option>
              <option value="last-first">Last, First</option>
            </Select>
          )}
        </Field>
        {text("quickbooks.items.regular", "Payroll item: regular hours")}
        {text("quickbooks.items.overtime", "Payroll item: overtime")}
        {text("quickbooks.items.doubleTime", "Payroll item: double time")}
        {text("quickbooks.items.premium", "Payroll item: missed-break premium")}
        {paid.map((t) => (
          <PerType key={t.id} id={`qb-item-${t.id}`} label={`Payroll item: ${t.name}`} placeholder={t.name} value={items[t.name] ?? ""} onChange={(v) => setItems({ ...items, [t.name]: v })} />
        ))}
        {text("quickbooks.companyCreateTime", "Company file number (COMPANYCREATETIME, optional)", "From a timer list export of the company file.")}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-medium text-slate-900">ADP (paydata CSV)</legend>
        {text("adp.companyCode", "Company code (Co Code)", "Required for the ADP file.")}
        {text("adp.batchId", "Batch ID", "Blank: BFS and the period's first day.")}
        {text("adp.codes.doubleTime", "Hours code: double time")}
        {text("adp.codes.premium", "Hours code: missed-break premium")}
        {paid.map((t) => (
          <PerType
            key={t.id}
            id={`adp-code-${t.id}`}
            label={`Hours code: ${t.name}`}
            placeholder={adpTimeOffCode(t.name, {})}
            value={codes[t.name] ?? ""}
            onChange={(v) => setCodes({ ...codes, [t.name]: v })}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-base font-medium text-slate-900">ADP column titles</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">Change them if your ADP import template names a column differently.</p>
        {text("adp.headers.coCode", "Company code column")}
        {text("adp.headers.batchId", "Batch column")}
        {text("adp.headers.fileNumber", "File number column")}
        {text("adp.headers.regHours", "Regular hours column")}
        {text("adp.headers.otHours", "Overtime hours column")}
        {text("adp.headers.hours3Code", "Other hours code column")}
        {text("adp.headers.hours3Amount", "Other hours amount column")}
      </fieldset>
      <Button type="submit" isLoading={save.isPending}>
        Save payroll providers
      </Button>
    </Form>
  );
}

function PerType({ id, label, placeholder, value, onChange }: { id: string; label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Input id={id} value={value} placeholder={placeholder} maxLength={40} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
