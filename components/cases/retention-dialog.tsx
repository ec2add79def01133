"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { toast, toastError } from "@/components/ui/use-toast";
import { useSaveRetention } from "@/lib/queries/cases";
import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN, retentionSchema, type RetentionInput } from "@/lib/validations/cremation-log";

/**
 * The retention period of case records (admins, `organization.settings`): how many years after a
 * case closes its records may be deleted. The database refuses any delete before (docs/cases.md "Retention").
 */
export function RetentionDialog({ open, years, onClose }: { open: boolean; years: number; onClose: () => void }) {
  const save = useSaveRetention();
  const form = useZodForm(retentionSchema);

  useEffect(() => {
    if (open) form.reset({ years });
  }, [open, years, form]);

  const submit = (values: RetentionInput) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: "Retention period saved" });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the retention period" });
      },
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Retention period"
      description="Cases and their custody records cannot be deleted, by anyone, until this many years after the case closes."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="retention-form" isLoading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <Form id="retention-form" form={form} onSubmit={submit} aria-label="Retention period" className="space-y-4">
        <Field name="years" label="Years to keep case records" type="number" inputMode="numeric" min={RETENTION_YEARS_MIN} max={RETENTION_YEARS_MAX} hint="7 years is the default." />
      </Form>
    </Dialog>
  );
}
