"use client";

import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { showError, showSuccess } from "@/components/org/feedback";
import { orgField } from "@/components/org/form-layout";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useCreateVendor, useUpdateVendor, type Vendor } from "@/lib/queries/vendors";
import { createVendorSchema, type CreateVendorData, type CreateVendorInput } from "@/lib/validations/vendors";

type VendorForm = UseFormReturn<CreateVendorInput, unknown, CreateVendorData>;

const EMPTY_CONTACT = { name: "", role: "", phone: "", email: "" };
const MAX_CONTACTS = 20;

/**
 * A coordinate typed as text: blank is "none" (null), anything else a number for the schema to
 * check (what is not a number reaches it as NaN, which it refuses with "must be a number").
 */
const asCoordinate = (value: unknown) => (typeof value === "string" ? (value.trim() === "" ? null : Number(value)) : value);

/** The clinic's contacts as the API shapes them ({ name, role, phone, email }); the server's errors land on each field. */
function ContactsFields({ form }: { form: VendorForm }) {
  const contacts = useFieldArray({ control: form.control, name: "contacts" });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-900">Contacts</legend>
      {contacts.fields.length === 0 && <p className="text-xs text-slate-500">The people to ask for: the practice manager, the front desk.</p>}
      {contacts.fields.map((item, index) => (
        <div key={item.id} className="space-y-3 rounded-md border border-slate-200 p-3" data-testid="vendor-contact">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field {...orgField} name={`contacts.${index}.name`} id={`vendor-contact-${index}-name`} label="Contact name" required markRequired />
            <Field {...orgField} name={`contacts.${index}.role`} id={`vendor-contact-${index}-role`} label="Role" placeholder="e.g. Practice manager" />
            <Field {...orgField} name={`contacts.${index}.phone`} id={`vendor-contact-${index}-phone`} label="Contact phone" type="tel" />
            <Field {...orgField} name={`contacts.${index}.email`} id={`vendor-contact-${index}-email`} label="Contact e-mail" type="email" />
          </div>
          <Button type="button" size="sm" variant="ghost" onClick={() => contacts.remove(index)}>
            Remove contact
          </Button>
        </div>
      ))}
      {contacts.fields.length < MAX_CONTACTS && (
        <Button type="button" size="sm" variant="secondary" onClick={() => contacts.append(EMPTY_CONTACT)}>
          Add a contact
        </Button>
      )}
    </fieldset>
  );
}

/** What only a clinic has: where the driver goes, where statements go, whom to ask for. */
function ClinicFields({ form }: { form: VendorForm }) {
  return (
    <div className="space-y-4 rounded-lg border border-indigo-100 bg-indigo-50/40 p-3" data-testid="clinic-fields">
      <Field {...orgField} name="address" id="vendor-address" label="Address" hint="Where the driver picks up.">
        {(control) => <Textarea {...control} rows={2} {...form.register("address")} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field {...orgField} name="postcode" id="vendor-postcode" label="Postcode" />
        <Field {...orgField} name="latitude" id="vendor-latitude" label="Latitude" hintInLabel hint="optional">
          {(control) => <Input {...control} inputMode="decimal" placeholder="e.g. 51.5072" {...form.register("latitude", { setValueAs: asCoordinate })} />}
        </Field>
        <Field {...orgField} name="longitude" id="vendor-longitude" label="Longitude" hintInLabel hint="optional">
          {(control) => <Input {...control} inputMode="decimal" placeholder="e.g. -0.1276" {...form.register("longitude", { setValueAs: asCoordinate })} />}
        </Field>
      </div>
      <p className="-mt-2 text-xs text-slate-500">Latitude and longitude, both or neither, set the driver&apos;s stop order on a pickup run.</p>
      <Field {...orgField} name="billingEmail" id="vendor-billingEmail" label="Billing e-mail" type="email" hint="Where monthly statements go; blank means the Email above." />
      <ContactsFields form={form} />
    </div>
  );
}

/** Creates a vendor, or edits one (`vendor`); the screen mounts it while it is open. */
export function VendorFormDialog({ open, onClose, vendor }: { open: boolean; onClose: () => void; vendor: Vendor | null }) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const form: VendorForm = useZodForm(createVendorSchema, {
    defaultValues: {
      name: vendor?.name ?? "",
      kind: vendor?.kind ?? "vendor",
      contactName: vendor?.contactName ?? "",
      email: vendor?.email ?? "",
      phone: vendor?.phone ?? "",
      services: vendor?.services ?? "",
      notes: vendor?.notes ?? "",
      address: vendor?.address ?? "",
      postcode: vendor?.postcode ?? "",
      latitude: vendor?.latitude ?? null,
      longitude: vendor?.longitude ?? null,
      billingEmail: vendor?.billingEmail ?? "",
      contacts: (vendor?.contacts ?? []).map((c) => ({ name: c.name, role: c.role ?? "", phone: c.phone ?? "", email: c.email ?? "" })),
      isActive: vendor?.isActive ?? true,
    },
  });
  const kind = useWatch({ control: form.control, name: "kind" });

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
          <Field {...orgField} name="kind" id="vendor-kind" label="Kind">
            {(control) => (
              <Select {...control} {...form.register("kind")}>
                <option value="vendor">Vendor (supplier or service)</option>
                <option value="clinic">Clinic (veterinary partner)</option>
              </Select>
            )}
          </Field>
          <Field {...orgField} name="contactName" id="vendor-contactName" label="Contact person" />
          <Field {...orgField} name="email" id="vendor-email" label="Email" type="email" />
          <Field {...orgField} name="phone" id="vendor-phone" label="Phone" type="tel" />
        </div>
        {kind === "clinic" && <ClinicFields form={form} />}
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
