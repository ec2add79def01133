"use client";

import { Button } from "@/components/ui/button";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Checkbox, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { useSaveTimePolicy } from "@/lib/queries/time";
import type { TimePolicyValues } from "@/lib/time/calc";
import { timePolicySchema, type TimePolicyInput } from "@/lib/validations/time";

const optionalNumber = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

/** The time policy (docs/time.md): pay period, breaks, overtime, forgotten punch-outs, export rounding. */
export function PolicyForm({ policy }: { policy: TimePolicyValues }) {
  const save = useSaveTimePolicy();
  const form = useZodForm(timePolicySchema, { defaultValues: policy });
  const submit = (values: TimePolicyInput) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: "Time policy saved" }),
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the time policy" });
      },
    });
  return (
    <Form form={form} onSubmit={submit} aria-label="Time policy" className="grid gap-4 sm:grid-cols-2">
      <Field name="payPeriodKind" label="Pay period">
        {(control) => (
          <Select {...control} {...form.register("payPeriodKind")}>
            <option value="weekly">Weekly</option>
            <option value="biweekly">Biweekly</option>
            <option value="semimonthly">Semi-monthly (1–15, 16–end)</option>
          </Select>
        )}
      </Field>
      <Field name="payPeriodAnchor" label="Anchor date (first day of a period)">
        {(control) => <Input {...control} type="date" {...form.register("payPeriodAnchor")} />}
      </Field>
      <Field name="lunchPaidMinutes" label="Lunch: paid minutes (0 = unpaid)">
        {(control) => <Input {...control} type="number" min={0} {...form.register("lunchPaidMinutes", { valueAsNumber: true })} />}
      </Field>
      <Field name="breakPaidMinutes" label="Break: paid minutes (0 = unpaid)">
        {(control) => <Input {...control} type="number" min={0} {...form.register("breakPaidMinutes", { valueAsNumber: true })} />}
      </Field>
      <Field name="dailyOvertimeMinutes" label="Daily overtime after (minutes, blank = none)">
        {(control) => <Input {...control} type="number"
        min={60} {...form.register("dailyOvertimeMinutes", { setValueAs: optionalNumber })} />}
      </Field>
      <Field name="weeklyOvertimeMinutes" label="Weekly overtime after (minutes, blank = none)">
        {(control) => <Input {...control} type="number"
        min={60} {...form.register("weeklyOvertimeMinutes", { setValueAs: optionalNumber })} />}
      </Field>
      <Field name="forgottenPunchHours" label="Flag punches open longer than (hours)">
        {(control) => <Input {...control} type="number" min={1} {...form.register("forgottenPunchHours", { valueAsNumber: true })} />}
      </Field>
      <Field name="exportRoundingMinutes" label="Round exported totals to">
        {(control) => (
          <Select {...control} {...form.register("exportRoundingMinutes", { valueAsNumber: true })}>
            <option value={0}>No rounding</option>
            <option value={1}>1 minute</option>
            <option value={5}>5 minutes</option>
            <option value={6}>6 minutes</option>
            <option value={15}>15 minutes</option>
          </Select>
        )}
      </Field>
      <Checkbox className="sm:col-span-2" label="Auto-close forgotten punches at the limit (they count as zero until corrected)" {...form.register("autoCloseForgotten")} />
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={save.isPending}>
          Save policy
        </Button>
      </div>
    </Form>
  );
}
