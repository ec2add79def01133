"use client";

import { Button } from "@/components/ui/button";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { businessToday } from "@/lib/dates";
import { useSetTimeOffPolicy, useTimeOffPolicies, type TimeOffPolicy } from "@/lib/queries/time-off";
import { timeOffPolicyInputSchema, type TimeOffPolicyInput } from "@/lib/validations/time-off";

const optionalNumber = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

/**
 * The time-off policies (docs/schedules.md "Policies"), under the time policy: each paid type's
 * yearly grant or accrual per hour worked, carry-over cap and start day, through
 * PUT /api/time-off/policies/{typeId}.
 */
export function TimeOffPolicies() {
  const policies = useTimeOffPolicies();
  return (
    <section aria-labelledby="time-off-policies-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id="time-off-policies-title" className="text-lg font-semibold text-slate-900">
        Time-off policies
      </h2>
      <p className="text-sm text-slate-600">How each paid type&apos;s balance grows. A change counts from the next run on; hours already granted stay.</p>
      {policies.isError ? <p className="text-sm text-red-700">Could not load the time-off policies.</p> : null}
      {policies.data && policies.data.types.length === 0 ? <p className="text-sm text-slate-600">No paid time-off types.</p> : null}
      <div className="grid gap-3 lg:grid-cols-2">
        {policies.data?.types.map((t) => (
          <TypePolicyForm key={t.typeId} typeId={t.typeId} typeName={t.typeName} policy={t.policy} />
        ))}
      </div>
    </section>
  );
}

function TypePolicyForm({ typeId, typeName, policy }: { typeId: string; typeName: string; policy: TimeOffPolicy | null }) {
  const save = useSetTimeOffPolicy();
  const form = useZodForm(timeOffPolicyInputSchema, {
    defaultValues: {
      method: policy?.method ?? "yearly_grant",
      yearlyHours: policy?.yearlyHours ?? null,
      accrualHours: policy?.accrualHours ?? null,
      perHoursWorked: policy?.perHoursWorked ?? null,
      carryOverCapHours: policy?.carryOverCapHours ?? null,
      startDay: policy?.startDay ?? businessToday(),
    },
  });
  const accrual = form.watch("method") === "accrual";
  const submit = (values: TimeOffPolicyInput) => {
    const body = accrual ? { ...values, yearlyHours: null } : { ...values, accrualHours: null, perHoursWorked: null };
    save.mutate(
      { typeId, ...body },
      {
        onSuccess: () => toast({ title: "Time-off policy saved", description: typeName }),
        onError: (error) => {
          if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the time-off policy" });
        },
      },
    );
  };
  return (
    <Form form={form} onSubmit={submit} aria-label={`${typeName} policy`} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <h3 className="flex items-baseline justify-between gap-2 text-base font-semibold text-slate-900 sm:col-span-2">
        {typeName}
        <span className="text-xs font-normal text-slate-500">{policy ? "" : "No policy yet"}</span>
      </h3>
      <Field name="method" label="How it grows" className="sm:col-span-2">
        {(control) => (
          <Select {...control} {...form.register("method")}>
            <option value="yearly_grant">Yearly grant (on Jan 1)</option>
            <option value="accrual">Accrual per hours worked</option>
          </Select>
        )}
      </Field>
      {accrual ? (
        <>
          <Field name="accrualHours" label="Hours earned">
            {(control) => <Input {...control} type="number" min={0} step={0.25} {...form.register("accrualHours", { setValueAs: optionalNumber })} />}
          </Field>
          <Field name="perHoursWorked" label="Per hours worked">
            {(control) => <Input {...control} type="number" min={0} step={0.25} {...form.register("perHoursWorked", { setValueAs: optionalNumber })} />}
          </Field>
        </>
      ) : (
        <Field name="yearlyHours" label="Hours a year" className="sm:col-span-2">
          {(control) => <Input {...control} type="number" min={0} step={0.25} {...form.register("yearlyHours", { setValueAs: optionalNumber })} />}
        </Field>
      )}
      <Field name="carryOverCapHours" label="Carry-over cap (hours, blank = none)">
        {(control) => <Input {...control} type="number" min={0} step={0.25} {...form.register("carryOverCapHours", { setValueAs: optionalNumber })} />}
      </Field>
      <Field name="startDay" label="Start date">
        {(control) => <Input {...control} type="date" {...form.register("startDay")} />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" isLoading={save.isPending}>
          Save {typeName} policy
        </Button>
      </div>
    </Form>
  );
}
