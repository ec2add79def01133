"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, FieldMessage, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError, serverMessageOf } from "@/lib/api-client";
import { CASE_PHOTO_MAX_BYTES } from "@/lib/cases/images";
import { RETURN_METHODS, RETURN_METHOD_LABELS, SERVICE_TYPES, SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { clientUuid } from "@/lib/offline/uuid";
import { useCase, useCreateCase, useUpdateCase, useUploadCasePhoto, type CaseDetail } from "@/lib/queries/cases";
import { useVendorsSimplified } from "@/lib/queries/vendors";
import { createCaseSchema, updateCaseSchema, type CreateCaseBody, type UpdateCaseBody } from "@/lib/validations/cases";

export const CASE_CREATED = "Case created";
export const CASE_UPDATED = "Case updated";

/** /cases/new and /cases/{number}/edit: the case form on its own page (admins and managers). */
export function CaseFormPage({ number }: { number?: string }) {
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href="/cases" className="hover:underline">
          Cases
        </Link>
        {number ? (
          <>
            {" / "}
            <Link href={`/cases/${encodeURIComponent(number)}`} className="font-mono hover:underline">
              {number}
            </Link>
          </>
        ) : null}
      </nav>
      <h1 className="text-2xl font-semibold text-slate-900">{number ? "Edit Case" : "New Case"}</h1>
      {number ? <EditCase number={number} /> : <CreateCaseForm />}
    </div>
  );
}

function EditCase({ number }: { number: string }) {
  const query = useCase(number);
  if (query.isPending)
    return (
      <div role="status" className="flex items-center gap-2 p-6 text-slate-600">
        <Spinner label="" /> Loading the case…
      </div>
    );
  if (query.isError) {
    const friendly = getFriendlyError(query.error);
    return <EmptyState title={friendly.title} description={friendly.description} />;
  }
  return <EditCaseForm data={query.data} />;
}

function CreateCaseForm() {
  const router = useRouter();
  const create = useCreateCase();
  const upload = useUploadCasePhoto();
  const photo = usePhotoChoice();
  const [uuid] = useState(() => clientUuid());
  const form = useZodForm(createCaseSchema, {
    defaultValues: { uuid, serviceType: "private", pawPrint: false, furClipping: false, familyEmailConsent: false } as CreateCaseBody,
  });
  return (
    <Form
      form={form}
      aria-label="New Case"
      className="space-y-5"
      onSubmit={async (body) => {
        try {
          const saved = await create.mutateAsync(body);
          toast({ title: CASE_CREATED, description: `${saved.number} · ${saved.petName}` });
          const number = encodeURIComponent(saved.number);
          // The case exists now: a photo that fails is chosen again on its edit page.
          if (photo.blob && !(await photo.send((blob) => upload.mutateAsync({ number: saved.number, photo: blob })))) return router.push(`/cases/${number}/edit`);
          router.push(`/cases/${number}`);
        } catch (error) {
          if (!applyServerErrors(form, error)) toastError(error, { title: "Could not create the case" });
        }
      }}
    >
      <CaseFields photo={photo} />
      <FormActions submit="Create Case" cancel="/cases" pending={create.isPending || upload.isPending || photo.busy} />
    </Form>
  );
}

function EditCaseForm({ data }: { data: CaseDetail }) {
  const router = useRouter();
  const update = useUpdateCase(data.number);
  const upload = useUploadCasePhoto();
  const photo = usePhotoChoice();
  const form = useZodForm(updateCaseSchema, {
    defaultValues: {
      petName: data.petName,
      petSpecies: data.petSpecies,
      petBreed: data.petBreed ?? "",
      petWeightLbs: data.petWeightLbs,
      petColor: data.petColor ?? "",
      familyName: data.familyName,
      familyPhone: data.familyPhone ?? "",
      familyEmail: data.familyEmail ?? "",
      familyAddress: data.familyAddress ?? "",
      familyEmailConsent: data.familyEmailConsent,
      clinicVendorId: data.clinic?.id ?? "",
      serviceType: data.serviceType,
      pawPrint: data.pawPrint,
      furClipping: data.furClipping,
      urnProduct: data.urnProduct ?? "",
      returnMethod: data.returnMethod ?? "",
      promisedReturnDate: data.promisedReturnDate ?? "",
      tagSerial: data.tagSerial,
      notes: data.notes ?? "",
    } as UpdateCaseBody,
  });
  const href = `/cases/${encodeURIComponent(data.number)}`;
  return (
    <Form
      form={form}
      aria-label="Edit Case"
      className="space-y-5"
      onSubmit={async (body) => {
        try {
          await update.mutateAsync(body);
          // The fields are saved; a photo that fails stays on the form with its reason (saving again is harmless).
          if (photo.blob && !(await photo.send((blob) => upload.mutateAsync({ number: data.number, photo: blob })))) return;
          toast({ title: CASE_UPDATED, description: `${data.number} · ${body.petName ?? data.petName}` });
          router.push(href);
        } catch (error) {
          if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the case" });
        }
      }}
    >
      <CaseFields photo={photo} hasPhoto={data.hasPetPhoto} serviceTypeLocked={data.events.some((e) => e.kind === "scan")} />
      <FormActions submit="Save Changes" cancel={href} pending={update.isPending || upload.isPending || photo.busy} />
    </Form>
  );
}

const field = { className: "space-y-1", announce: true } as const;
const blankToNullNumber = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/** The form's sections: the pet, the family, the service. Shared by create and edit (useFormContext). */
function CaseFields({ photo, hasPhoto = false, serviceTypeLocked = false }: { photo: PhotoChoice; hasPhoto?: boolean; serviceTypeLocked?: boolean }) {
  const form = useFormContext();
  const vendors = useVendorsSimplified();
  const serviceType = useWatch({ control: form.control, name: "serviceType" }) as string;

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Pet</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field {...field} name="petName" id="case-pet-name" label="Pet name" markRequired />
          <Field {...field} name="petSpecies" id="case-species" label="Species" markRequired placeholder="Dog, cat, rabbit…" />
          <Field {...field} name="petBreed" id="case-breed" label="Breed" />
          <Field {...field} name="petWeightLbs" id="case-weight" label="Weight (lbs)">
            {(control) => <Input {...control} type="number" inputMode="decimal" step="0.01" min="0" {...form.register("petWeightLbs", { setValueAs: blankToNullNumber })} />}
          </Field>
          <Field {...field} name="petColor" id="case-color" label="Colour and markings" className="space-y-1 sm:col-span-2" />
          <Field {...field} name="tagSerial" id="case-tag" label="Metal tag serial" markRequired hint="The serial stamped on the tag that stays with the pet" />
          <div className="space-y-1">
            <label htmlFor="case-photo" className="block text-sm font-medium text-slate-700">
              Photo
            </label>
            <input
              id="case-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="case-photo-note"
              aria-invalid={photo.error ? true : undefined}
              onChange={(e) => void photo.pick(e.target.files?.[0])}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            />
            <p id="case-photo-note" className="text-xs text-slate-600">
              {photo.busy ? "Preparing the photo…" : photo.blob ? "New photo ready." : hasPhoto ? "A photo is on file; choose one to replace it." : "Optional; scaled down on this device."}
            </p>
            <FieldMessage message={photo.error ?? undefined} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Family</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field {...field} name="familyName" id="case-family-name" label="Family name" markRequired />
          <Field {...field} name="familyPhone" id="case-family-phone" label="Phone" type="tel" autoComplete="off" />
          <Field {...field} name="familyEmail" id="case-family-email" label="E-mail" type="email" autoComplete="off" />
          <Field {...field} name="familyAddress" id="case-family-address" label="Address" className="space-y-1 sm:col-span-2">
            {(control) => <Textarea {...control} rows={2} {...form.register("familyAddress")} />}
          </Field>
          <label className="flex items-start gap-2 text-sm text-slate-800 sm:col-span-2">
            <input type="checkbox" className="mt-0.5 size-4" {...form.register("familyEmailConsent")} />
            <span>The family agrees to receive the status link by e-mail (at intake and when ready)</span>
          </label>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Service</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field {...field} name="serviceType" id="case-service" label="Service type" markRequired hint={serviceTypeLocked ? "Fixed once the case has been scanned" : undefined}>
            {(control) => (
              <Select {...control} disabled={serviceTypeLocked} {...form.register("serviceType")}>
                {SERVICE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {SERVICE_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field {...field} name="clinicVendorId" id="case-clinic" label="Referring clinic">
            {(control) => (
              <Select {...control} {...form.register("clinicVendorId")}>
                <option value="">Direct (no clinic)</option>
                {(vendors.data ?? []).map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field {...field} name="returnMethod" id="case-return" label="Return method">
            {(control) => (
              <Select {...control} disabled={serviceType === "communal"} {...form.register("returnMethod")}>
                <option value="">{serviceType === "communal" ? "No return (communal)" : "Not decided yet"}</option>
                {serviceType !== "communal"
                  ? RETURN_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {RETURN_METHOD_LABELS[m]}
                      </option>
                    ))
                  : null}
              </Select>
            )}
          </Field>
          <Field {...field} name="promisedReturnDate" id="case-promised" label="Promised return date" type="date" />
          <Field {...field} name="urnProduct" id="case-urn" label="Urn or product" className="space-y-1 sm:col-span-2" />
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
            <legend className="sr-only">Keepsakes</legend>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4" {...form.register("pawPrint")} /> Paw print
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4" {...form.register("furClipping")} /> Fur clipping
            </label>
          </fieldset>
          <Field {...field} name="notes" id="case-notes" label="Notes" className="space-y-1 sm:col-span-2">
            {(control) => <Textarea {...control} rows={3} {...form.register("notes")} />}
          </Field>
        </CardContent>
      </Card>
    </>
  );
}

interface PhotoChoice {
  /** The chosen photo, scaled and ready to upload; null when none was chosen. */
  blob: Blob | null;
  busy: boolean;
  error: string | null;
  pick(file: File | undefined): Promise<void>;
  /** Uploads the chosen photo with `upload`; false (and the reason on the field) when it failed. */
  send(upload: (blob: Blob) => Promise<unknown>): Promise<boolean>;
}

/** The photo field's state: the photo goes up on its own upload path after the case's fields are saved. */
function usePhotoChoice(): PhotoChoice {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    blob,
    busy,
    error,
    async pick(file) {
      if (!file) return;
      setBusy(true);
      try {
        setBlob(await scaledPhoto(file));
        setError(null);
      } catch {
        setBlob(null);
        setError("This file could not be read as a photo.");
      } finally {
        setBusy(false);
      }
    },
    async send(upload) {
      if (!blob) return true;
      try {
        await upload(blob);
        setBlob(null);
        return true;
      } catch (failure) {
        const message = serverMessageOf(failure, "The photo could not be saved.");
        setError(message);
        toastError(failure, { title: "The photo was not saved" });
        return false;
      }
    },
  };
}

/** A photo scaled on the device to at most 1280 px on its long side, as a JPEG (the upload takes ≤ 700 KB). */
export async function scaledPhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.85, 0.7, 0.55, 0.4]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= CASE_PHOTO_MAX_BYTES) return blob;
  }
  throw new Error("too large");
}
