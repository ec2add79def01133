"use client";

import { Button } from "@/components/ui/button";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Checkbox } from "@/components/ui/input";
import { toast, toastError } from "@/components/ui/use-toast";
import { useCreateTimeOffType, useTimeOffTypes, useUpdateTimeOffType, type TimeOffTypeRow } from "@/lib/queries/time-off";
import { createTimeOffTypeSchema, type CreateTimeOffTypeInput, type UpdateTimeOffTypeInput } from "@/lib/validations/time-off";

const nameSchema = createTimeOffTypeSchema.pick({ name: true });

/**
 * The time-off types (docs/schedules.md "Time off"), above the policies on the time card's
 * Policy tab: add a type (paid or unpaid), rename it, switch paid, deactivate or reactivate it
 * and move it up or down, through POST /api/time-off/types and PATCH /api/time-off/types/{id}.
 */
export function TimeOffTypes() {
  const types = useTimeOffTypes();
  const list = types.data?.types ?? [];
  return (
    <section aria-labelledby="time-off-types-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id="time-off-types-title" className="text-lg font-semibold text-slate-900">
        Time-off types
      </h2>
      <p className="text-sm text-slate-600">What members can request, in this order. An inactive type can no longer be requested; its requests and balances stay.</p>
      {types.isError ? <p className="text-sm text-red-700">Could not load the time-off types.</p> : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {list.map((t, i) => (
          <TypeRow key={`${t.id}:${t.name}`} type={t} isFirst={i === 0} isLast={i === list.length - 1} />
        ))}
      </ul>
      <AddTypeForm />
    </section>
  );
}

function TypeRow({ type, isFirst, isLast }: { type: TimeOffTypeRow; isFirst: boolean; isLast: boolean }) {
  const update = useUpdateTimeOffType();
  const form = useZodForm(nameSchema, { defaultValues: { name: type.name } });
  const patch = (body: UpdateTimeOffTypeInput, done: string) =>
    update.mutate(
      { id: type.id, ...body },
      {
        onSuccess: () => toast({ title: done, description: body.name ?? type.name }),
        onError: (error) => {
          if (!applyServerErrors(form, error)) toastError(error, { title: "Could not change the time-off type" });
        },
      },
    );
  return (
    <li className="flex flex-wrap items-end gap-3 p-3" aria-label={type.name}>
      <Form form={form} onSubmit={(v) => patch({ name: v.name }, "Time-off type renamed")} aria-label={`Rename ${type.name}`} className="flex min-w-48 flex-1 items-end gap-2">
        <Field name="name" label="Name" className="min-w-0 flex-1" />
        <Button type="submit" variant="secondary" size="sm" className="mb-1">
          Rename
        </Button>
      </Form>
      <div className="flex flex-wrap items-center gap-3 pb-1">
        <Checkbox label="Paid" checked={type.paid} disabled={update.isPending} onChange={(e) => patch({ paid: e.target.checked }, e.target.checked ? "Now paid" : "Now unpaid")} />
        {type.active ? null : <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Inactive</span>}
        <Button
          variant={type.active ? "ghost" : "secondary"}
          size="sm"
          disabled={update.isPending}
          onClick={() => patch({ active: !type.active }, type.active ? "Time-off type deactivated" : "Time-off type reactivated")}
        >
          {type.active ? "Deactivate" : "Reactivate"}
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Move ${type.name} up`} disabled={isFirst || update.isPending} onClick={() => patch({ position: type.position - 1 }, "Moved up")}>
          ↑
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Move ${type.name} down`} disabled={isLast || update.isPending} onClick={() => patch({ position: type.position + 1 }, "Moved down")}>
          ↓
        </Button>
      </div>
    </li>
  );
}

function AddTypeForm() {
  const create = useCreateTimeOffType();
  const form = useZodForm(createTimeOffTypeSchema, { defaultValues: { name: "", paid: true } });
  const submit = (values: CreateTimeOffTypeInput) =>
    create.mutate(values, {
      onSuccess: (row) => {
        toast({ title: "Time-off type added", description: row.name });
        form.reset({ name: "", paid: true });
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(error, { title: "Could not add the time-off type" });
      },
    });
  return (
    <Form form={form} onSubmit={submit} aria-label="Add a time-off type" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <Field name="name" label="New type" className="min-w-48 flex-1" />
      <Checkbox label="Paid" className="pb-2" {...form.register("paid")} />
      <Button type="submit" size="sm" className="mb-1" isLoading={create.isPending}>
        Add type
      </Button>
    </Form>
  );
}
