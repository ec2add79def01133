"use client";

import { showError, showSuccess } from "@/components/org/feedback";
import { orgField } from "@/components/org/form-layout";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { useCreateVendor, useUpdateVendor, type Vendor } from "@/lib/queries/vendors";
import { createVendorSchema, type CreateVendorData } from "@/lib/validations/vendors";

/** Creates a vendor, or edits one (`vendor`); the screen mounts it while it is open. */
export function VendorFormDialog({ open, onClose, vendor }: { open: boolean; onClose: () => void; vendor: Vendor | null }) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const form = useZodForm(createVendorSchema, {
    defaultValues: {
      name: vendor?.name ?? "",
      contactName: vendor?.contactName ?? "",
      email: vendor?.email ?? "",
      phone: vendor?.phone ?? "",
      services: vendor?.services ?? "",
      notes: vendor?.notes ?? "",
      isActive: vendor?.isActive ?? true,
    },
  });

  const submit = async (data: CreateVendorData) => {
    try {
      if (vendor) await update.mutateAsync({ id: vendor.id, ...data });
      else await create.mutateAsync(data);
      showSuccess(vendor ? "Vendor updated" : "Vendor created", data.name);
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      showError(error, vendor ? "Could not update the vendor" : "Could not create the vendor");
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={vendor ? `Edit ${vendor.name}` : "New vendor"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="vendor-form" isLoading={create.isPending || update.isPending}>
            {vendor ? "Save changes" : "Create vendor"}
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id="vendor-form" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...orgField} name="name" id="vendor-name" label="Name" autoFocus required markRequired />
          <Field {...orgField} name="contactName" id="vendor-contactName" label="Contact person" />
          <Field {...orgField} name="email" id="vendor-email" label="Email" type="email" />
          <Field {...orgField} name="phone" id="vendor-phone" label="Phone" type="tel" />
        </div>
        <Field {...orgField} name="services" id="vendor-services" label="Services" placeholder="e.g. Urns, engraving" />
        <Field {...orgField} name="notes" id="vendor-notes" label="Notes">
          {(control) => <Textarea {...control} rows={3} {...form.register("notes")} />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-indigo-600" {...form.register("isActive")} />
          Active (can be assigned tasks)
        </label>
      </Form>
    </Dialog>
  );
}
