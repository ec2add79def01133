"use client";

import { useMemo } from "react";
import { useController } from "react-hook-form";
import { GroupedCombobox } from "@/components/org/grouped-combobox";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { useDeleteExpectedStart, useExpectedStarts, useSetExpectedStart } from "@/lib/queries/accountability";
import { useMembers } from "@/lib/queries/members";
import { useUnits } from "@/lib/queries/org";
import { expectedStartFormSchema, type SetExpectedStartInput } from "@/lib/validations/accountability";

/** The expected start times (shown on /admin/alerts): the "No punch-in" rule and Accountability read them. */
export function ExpectedStartsSection() {
  const starts = useExpectedStarts();
  const units = useUnits();
  const members = useMembers();
  const set = useSetExpectedStart();
  const remove = useDeleteExpectedStart();
  const form = useZodForm(expectedStartFormSchema, { defaultValues: { who: "", time: "09:00" } });
  const { field: who } = useController({ control: form.control, name: "who" });
  // A type-ahead: an organization has hundreds of members.
  const groups = useMemo(
    () => [
      { group: "Departments", options: (units.data ?? []).map((u) => ({ value: `unit:${u.id}`, label: u.name })) },
      { group: "Members", options: (members.data ?? []).map((m) => ({ value: `user:${m.id}`, label: `${m.firstName} ${m.lastName}`.trim() })) },
    ],
    [units.data, members.data],
  );

  const submit = (body: SetExpectedStartInput) =>
    set.mutate(body, {
      onSuccess: () => (toast({ title: "Expected start saved" }), form.setValue("who", "")),
      onError: (err) => (applyServerErrors(form, err) ? undefined : toastError(err, { title: "Could not save the expected start" })),
    });

  return (
    <section aria-labelledby="starts-heading" className="space-y-3">
      <div>
        <h2 id="starts-heading" className="text-lg font-semibold text-slate-900">
          Expected start times
        </h2>
        <p className="text-sm text-slate-600">On business days, the &quot;No punch-in&quot; rule and Accountability compare punch-ins with these. A member&apos;s own time wins over their department&apos;s.</p>
      </div>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start" aria-label="Set an expected start">
        <Field name="who" label="Member or department" className="flex-1 space-y-1" announce>
          {(control) => (
            <GroupedCombobox id={control.id} invalid={control["aria-invalid"]} value={who.value || null} onChange={(value) => who.onChange(value ?? "")} groups={groups} placeholder="Choose…" noMatchText="No member or department matches" />
          )}
        </Field>
        <Field name="time" label="Starts at" className="space-y-1" announce>
          {(control) => <Input {...control} type="time" {...form.register("time")} className="sm:w-36" />}
        </Field>
        <Button type="submit" isLoading={set.isPending} className="sm:mt-6">
          Set
        </Button>
      </Form>
      {!starts.data ? (
        starts.isError ? (
          <EmptyState title={getFriendlyError(starts.error).title} />
        ) : (
          <Spinner />
        )
      ) : starts.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No expected start times yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Expected start times">
          {starts.data.items.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 px-4 py-2 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900">{s.name}</span> <span className="text-slate-500">({s.unitId ? "department" : "member"})</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{s.time}</span>
                <Button size="sm" variant="ghost" aria-label={`Remove the expected start of ${s.name}`} onClick={() => remove.mutate(s.id, { onError: (e) => toastError(e, { title: "Could not remove it" }) })}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
