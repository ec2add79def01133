"use client";

import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/use-toast";
import { reasonFormSchema } from "@/lib/validations/time";

/** Asks for the reason a time change needs (delete a punch or task time, unlock a period). */
export function ReasonDialog({ open, onClose, title, confirm, pending, onConfirm }: { open: boolean; onClose: () => void; title: string; confirm: string; pending: boolean; onConfirm: (reason: string) => Promise<unknown> }) {
  const form = useZodForm(reasonFormSchema, { defaultValues: { reason: "" } });
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <Form
        form={form}
        aria-label={title}
        className="space-y-3"
        onSubmit={async ({ reason }) => {
          try {
            await onConfirm(reason);
            form.reset();
            onClose();
          } catch (error) {
            toastError(error, { title: `Could not ${confirm.toLowerCase()}` });
          }
        }}
      >
        <Field name="reason" label="Reason" required markRequired>
          {(control) => <Textarea {...control} rows={3} {...form.register("reason")} />}
        </Field>
        <FormActions submit={confirm} cancel={onClose} pending={pending} destructive />
      </Form>
    </Dialog>
  );
}
