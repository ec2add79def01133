"use client";

import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/use-toast";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { PUNCH_OUT_REASONS } from "@/lib/constants";
import { fromLocalInput, toLocalInput } from "@/lib/dates/wall-clock";
import { punchEditFormSchema, type PunchEditForm } from "@/lib/validations/time";

interface PunchEditDialogProps {
  open: boolean;
  onClose: () => void;
  punch: { punchInAt: string; punchOutAt: string | null; outReason: string | null };
  pending: boolean;
  /** `outReason` only when the admin changed it (or chose one for a punch that had none). */
  onSubmit: (values: { start: string; end: string; outReason?: string; reason: string }) => Promise<unknown>;
}

/**
 * "Edit punch": punch in, punch out, the punch-out reason and the reason for the edit. The
 * punch-out reason starts as the punch's own and is kept unless changed; an open (forgotten)
 * punch has none, so closing it asks for one instead of assuming "End of Workday".
 */
export function PunchEditDialog({ open, onClose, punch, pending, onSubmit }: PunchEditDialogProps) {
  const form = useZodForm(punchEditFormSchema, {
    defaultValues: {
      start: toLocalInput(punch.punchInAt, BUSINESS_TIME_ZONE),
      end: punch.punchOutAt ? toLocalInput(punch.punchOutAt, BUSINESS_TIME_ZONE) : "",
      outReason: punch.outReason ?? "",
      reason: "",
    },
  });
  const choices: string[] = [...PUNCH_OUT_REASONS];
  if (punch.outReason && !choices.includes(punch.outReason)) choices.unshift(punch.outReason);
  const submit = async (values: PunchEditForm) => {
    try {
      await onSubmit({
        start: fromLocalInput(values.start, BUSINESS_TIME_ZONE),
        end: fromLocalInput(values.end, BUSINESS_TIME_ZONE),
        outReason: values.outReason !== punch.outReason ? values.outReason : undefined,
        reason: values.reason,
      });
      form.reset();
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the edit" });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Edit punch">
      <Form form={form} onSubmit={submit} aria-label="Edit punch" className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field name="start" label="Punch in" type="datetime-local" required markRequired />
          <Field name="end" label="Punch out" type="datetime-local" required markRequired />
        </div>
        <Field name="outReason" label="Punch-out reason" required markRequired>
          {(control) => (
            <Select {...control} {...form.register("outReason")}>
              {punch.outReason ? null : <option value="">Choose a reason…</option>}
              {choices.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="reason" label="Reason" required markRequired>
          {(control) => <Textarea {...control} rows={3} {...form.register("reason")} />}
        </Field>
        <p className="text-xs text-slate-500">Times are in {BUSINESS_TIME_ZONE.replace("_", " ")}.</p>
        <FormActions submit="Save edit" cancel={onClose} pending={pending} />
      </Form>
    </Dialog>
  );
}
