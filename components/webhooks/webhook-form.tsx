"use client";

import { useFormContext } from "react-hook-form";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { toastError } from "@/components/ui/use-toast";
import { useCreateWebhook } from "@/lib/queries/webhooks";
import { createWebhookSchema, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from "@/lib/validations/webhooks";

function EventFields() {
  const form = useFormContext<{ eventTypes: string[] }>();
  const error = form.formState.errors.eventTypes?.message ?? (form.formState.errors.eventTypes as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "events-error" : undefined}>
      <legend className="text-sm font-medium text-slate-900">Events</legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" value={type} className="mt-0.5 size-4 rounded border-slate-300" {...form.register("eventTypes")} />
            <span>
              <span className="font-mono text-xs">{type}</span>
              <span className="block text-xs text-slate-500">{WEBHOOK_EVENT_LABELS[type]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id="events-error" message={error} />
    </fieldset>
  );
}

/** Subscribes a URL; the signing secret goes to `onCreated` to be shown once. */
export function CreateWebhookDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const form = useZodForm(createWebhookSchema, { values: { url: "", description: "", eventTypes: [] } });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Add webhook" size="lg">
      <Form
        form={form}
        aria-label="Add webhook"
        className="space-y-4"
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (result) => {
              form.reset();
              onCreated(result.secret);
            },
            onError: (e) => applyServerErrors(form, e) || toastError(e, { title: "Could not add the webhook" }),
          })
        }
      >
        <Field name="url" label="URL" required type="url" inputMode="url" placeholder="https://example.com/bfs-events" hint="https only; it must resolve to a public address." />
        <Field name="description" label="Description (optional)" placeholder="e.g. Accounting system" />
        <EventFields />
        <FormActions submit="Add webhook" cancel={close} pending={create.isPending} />
      </Form>
    </Dialog>
  );
}
