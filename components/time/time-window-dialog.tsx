"use client";

import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/use-toast";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { fromLocalInput, toLocalInput } from "@/lib/dates/wall-clock";
import { timeWindowFormSchema, type TimeWindowForm } from "@/lib/validations/time";

interface TimeWindowDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  submitLabel: string;
  startLabel?: string;
  endLabel?: string;
  initialStart?: string | null;
  initialEnd?: string | null;
  pending: boolean;
  /** Called with ISO instants (the inputs are read in the business time zone). */
  onSubmit: (values: { start: string; end: string; reason: string }) => Promise<unknown>;
}

/** A start, an end (wall-clock, business time zone) and a required reason. */
export function TimeWindowDialog({ open, onClose, title, description, submitLabel, startLabel = "Start", endLabel = "End", initialStart, initialEnd, pending, onSubmit }: TimeWindowDialogProps) {
  const form = useZodForm(timeWindowFormSchema, {
    defaultValues: {
      start: initialStart ? toLocalInput(initialStart, BUSINESS_TIME_ZONE) : "",
      end: initialEnd ? toLocalInput(initialEnd, BUSINESS_TIME_ZONE) : "",
      reason: "",
    },
  });
  const submit = async (values: TimeWindowForm) => {
    try {
      await onSubmit({ start: fromLocalInput(values.start, BUSINESS_TIME_ZONE), end: fromLocalInput(values.end, BUSINESS_TIME_ZONE), reason: values.reason });
      form.reset();
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError(error, { title: `Could not ${submitLabel.toLowerCase()}` });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <Form form={form} onSubmit={submit} aria-label={title} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field name="start" label={startLabel} type="datetime-local" required />
          <Field name="end" label={endLabel} type="datetime-local" required />
        </div>
        <Field name="reason" label="Reason" required markRequired>
          {(control) => <Textarea {...control} rows={3} {...form.register("reason")} />}
        </Field>
        <p className="text-xs text-slate-500">Times are in {BUSINESS_TIME_ZONE.replace("_", " ")}.</p>
        <FormActions submit={submitLabel} cancel={onClose} pending={pending} />
      </Form>
    </Dialog>
  );
}
