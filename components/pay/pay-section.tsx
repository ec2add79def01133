"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { businessToday, formatDateTime } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { formatMoney } from "@/lib/money";
import { emptyRateForm, RATE_KIND_LABELS, rateFormSchema, rateFormToBody } from "@/lib/pay/rate-form";
import { useUnits } from "@/lib/queries/org";
import { useCreatePayRate, useDeletePayRate, usePayRates } from "@/lib/queries/pay";
import type { PayRate, PayRatesAnswer } from "@/lib/validations/pay";

/** "$18.50 an hour", "$62,400.00 a year ($30.00 an hour)". */
export const rateText = (rate: Pick<PayRate, "kind" | "amountCents" | "centsPerHour">) =>
  rate.kind === "hourly" ? `${formatMoney(rate.amountCents)} an hour` : `${formatMoney(rate.amountCents)} a year (${formatMoney(Math.round(rate.centsPerHour))} an hour)`;

/**
 * The Pay section of a member's page (docs/time.md "Pay rates and labour cost"): rendered only for
 * a caller with pay.read (the page decides); the rates with the day each took effect, what they
 * pay (base, a role label or a department), the audited history, and for pay.manage the form
 * that adds a rate and the Remove button.
 */
export function PaySection({ memberId, canManage }: { memberId: string; canManage: boolean }) {
  const rates = usePayRates(memberId);
  const list = rates.data?.rates ?? [];
  const today = businessToday();
  const inForce = new Set(
    Object.values(
      Object.groupBy(
        list.filter((r) => r.effectiveFrom <= today),
        (r) => `${r.roleLabel ?? ""}|${r.unit?.id ?? ""}`,
      ),
    ).map((group) => group![0].id),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pay</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {rates.isError ? <p className="text-sm text-red-700">Could not load the pay rates.</p> : null}
        {rates.isSuccess && list.length === 0 ? <p className="text-sm text-slate-500">No pay rate yet: this member&apos;s time costs nothing in the labour-cost figures.</p> : null}
        {list.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Pay rates">
            {list.map((rate) => (
              <RateRow key={rate.id} rate={rate} current={inForce.has(rate.id)} canManage={canManage} />
            ))}
          </ul>
        ) : null}
        {canManage ? <AddRateForm memberId={memberId} /> : null}
        {rates.data?.history.length ? <RateHistory history={rates.data.history} /> : null}
      </CardContent>
    </Card>
  );
}

function RateRow({ rate, current, canManage }: { rate: PayRate; current: boolean; canManage: boolean }) {
  const remove = useDeletePayRate();
  const [confirming, setConfirming] = useState(false);
  const pays = rate.roleLabel ? `Role: ${rate.roleLabel}` : rate.unit ? `Department: ${rate.unit.name}` : "Base rate";
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" aria-label={`${rateText(rate)} from ${longDay(rate.effectiveFrom)}`}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900" data-testid="pay-rate">
          {rateText(rate)}
          {current ? <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-normal text-emerald-800">In force</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          From {longDay(rate.effectiveFrom)} · {pays}
          {rate.note ? ` · ${rate.note}` : ""}
        </p>
      </div>
      {canManage ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Remove
          </Button>
          <ConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title="Remove this pay rate?"
            description={`${rateText(rate)} from ${longDay(rate.effectiveFrom)}. Costs from that day use the rate before it. The history keeps it.`}
            confirmLabel="Remove"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(rate.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ title: "Pay rate removed" });
                },
                onError: (error) => toastError(error, { title: "Could not remove the pay rate" }),
              })
            }
          />
        </>
      ) : null}
    </li>
  );
}

function AddRateForm({ memberId }: { memberId: string }) {
  const create = useCreatePayRate(memberId);
  const units = useUnits();
  const form = useZodForm(rateFormSchema, { defaultValues: emptyRateForm(businessToday()) });
  const kind = form.watch("kind");
  return (
    <Form
      form={form}
      aria-label="Add a pay rate"
      onSubmit={(values) =>
        create.mutate(rateFormToBody(values), {
          onSuccess: (rate) => {
            toast({ title: "Pay rate saved", description: `${rateText(rate)} from ${longDay(rate.effectiveFrom)}` });
            form.reset(emptyRateForm(businessToday()));
          },
          onError: (error) => {
            if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the pay rate" });
          },
        })
      }
      className="grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2"
    >
      <h3 className="text-sm font-semibold text-slate-900 sm:col-span-2">Add a rate</h3>
      <Field name="kind" label="Pay type">
        {(control) => <Select id={control.id} options={RATE_KIND_LABELS} {...form.register("kind")} />}
      </Field>
      <Field name="amount" label={kind === "salaried" ? "Yearly amount ($)" : "Hourly rate ($)"} inputMode="decimal" hint={kind === "salaried" ? "Costed per hour at the amount / 2080." : undefined} />
      <Field name="effectiveFrom" label="Effective from" type="date" />
      <Field name="roleLabel" label="Role label (optional)" hint="For a second job: the shifts of this role." />
      <Field name="unitId" label="Department (optional)">
        {(control) => (
          <Select id={control.id} {...form.register("unitId")}>
            <option value="">Any department (base rate)</option>
            {(units.data ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field name="note" label="Note (optional)" />
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={create.isPending}>
          Save rate
        </Button>
      </div>
    </Form>
  );
}

const ACTION_LABELS = { "pay_rate.create": "Added", "pay_rate.update": "Changed", "pay_rate.delete": "Removed" } as const;
const snapshotText = (s: Record<string, unknown> | null) => {
  if (!s) return "";
  const parts: string[] = [];
  if (typeof s.amountCents === "number") parts.push(`${formatMoney(s.amountCents)}${s.kind === "salaried" ? " a year" : s.kind === "hourly" ? " an hour" : ""}`);
  else if (s.kind) parts.push(String(s.kind));
  if (typeof s.effectiveFrom === "string") parts.push(`from ${longDay(s.effectiveFrom)}`);
  if (s.roleLabel) parts.push(`role ${String(s.roleLabel)}`);
  if (typeof s.note === "string") parts.push(`note “${s.note}”`);
  return parts.join(", ");
};

function RateHistory({ history }: { history: PayRatesAnswer["history"] }) {
  return (
    <details className="border-t border-slate-200 pt-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">History ({history.length})</summary>
      <ol className="mt-2 space-y-1 text-sm text-slate-700" aria-label="Pay rate history">
        {history.map((h) => (
          <li key={h.id}>
            <span className="font-medium">{ACTION_LABELS[h.action]}</span> by {h.actor?.name ?? "someone"} on {formatDateTime(h.at)}:{" "}
            {h.action === "pay_rate.update" ? `${snapshotText(h.before)} → ${snapshotText(h.after)}` : snapshotText(h.after ?? h.before)}
          </li>
        ))}
      </ol>
    </details>
  );
}
