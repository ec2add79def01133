"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { useOrganizationContact, useSaveOrganizationContact } from "@/lib/queries/org";
import { organizationContactSchema, type OrganizationContactInput } from "@/lib/validations/org";

/**
 * The business's contact details (admins): what a family reads on its status page, on a wrong
 * link's page and on a certificate's verification page. Blank fields are left off those pages.
 */
export function BusinessContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const contact = useOrganizationContact(open);
  const save = useSaveOrganizationContact();
  const form = useZodForm(organizationContactSchema);

  useEffect(() => {
    if (contact.data) {
      const { phone, email, address, hours } = contact.data;
      form.reset({ phone: phone ?? "", email: email ?? "", address: address ?? "", hours: hours ?? "" });
    }
  }, [contact.data, form]);

  const submit = (values: OrganizationContactInput) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: "Contact details saved" });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the contact details" });
      },
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Business contact details"
      description="Shown to families on their status page and on a certificate's verification page."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="business-contact-form" isLoading={save.isPending} disabled={!contact.data}>
            Save
          </Button>
        </>
      }
    >
      {contact.isPending ? (
        <Spinner label="Loading the contact details" />
      ) : (
        <Form id="business-contact-form" form={form} onSubmit={submit} aria-label="Business contact details" className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field name="phone" label="Phone" type="tel" autoComplete="off" />
            <Field name="email" label="E-mail" type="email" autoComplete="off" />
          </div>
          <Field name="address" label="Address" hint="Where families collect their pet">
            {(control) => <Textarea {...control} rows={3} {...form.register("address")} />}
          </Field>
          <Field name="hours" label="Opening hours">
            {(control) => <Textarea {...control} rows={3} {...form.register("hours")} />}
          </Field>
        </Form>
      )}
    </Dialog>
  );
}
