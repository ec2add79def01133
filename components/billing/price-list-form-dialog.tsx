"use client";

import { useState } from "react";
import { get, useFieldArray, useFormContext, useFormState } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { toast, toastError } from "@/components/ui/use-toast";
import { OPTION_CODES, OPTION_LABELS, SERVICE_TYPES } from "@/lib/billing/pricing";
import { SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { formatDay } from "@/lib/dates";
import { centsToDecimal } from "@/lib/money";
import { useCreatePriceList, useFetchPriceListVersion, usePriceListVersion } from "@/lib/queries/billing";
import { createPriceListSchema, type PriceItem, type PriceLists, type Product } from "@/lib/validations/billing";
import type { BillingClinic } from "./billing-section";

type FormInput = z.input<typeof createPriceListSchema>;
type ItemInput = FormInput["items"][number];
type Kind = ItemInput["kind"];
type VersionSummary = PriceLists["versions"][number];

/** A list's key in the picker: "" is the standard list. */
const STANDARD = "";

/** The first version of a new list: the usual brackets and options, prices to fill in. */
const STARTER_ITEMS: ItemInput[] = [
  { kind: "service", serviceType: "private", minLbs: 0, maxLbs: 10, price: "" },
  { kind: "service", serviceType: "private", minLbs: 11, maxLbs: 30, price: "" },
  { kind: "service", serviceType: "private", minLbs: 31, maxLbs: null, price: "" },
  { kind: "service", serviceType: "partitioned", minLbs: 0, maxLbs: null, price: "" },
  { kind: "service", serviceType: "communal", minLbs: 0, maxLbs: null, price: "" },
  ...OPTION_CODES.map((optionCode): ItemInput => ({ kind: "option", optionCode, price: "" })),
];

/** A version's prices as the form's lines: dollars as text, exactly (no float). */
function itemsOf(items: PriceItem[]): ItemInput[] {
  return items.map((item): ItemInput => {
    const price = centsToDecimal(item.priceCents);
    if (item.kind === "service") return { kind: "service", serviceType: item.serviceType ?? "private", minLbs: item.minLbs ?? 0, maxLbs: item.maxLbs, price };
    if (item.kind === "option") return { kind: "option", optionCode: item.optionCode ?? "paw_print", price };
    return { kind: "product", productId: item.productId ?? "", price };
  });
}

/**
 * Which version a new one of `list` starts from: the list's version in force, else its newest; a
 * clinic's first own list starts from the standard prices in force (trade prices are usually a few
 * changes to them).
 */
function baseVersionOf(versions: VersionSummary[], list: string): string | null {
  const of = (key: string) => versions.filter((v) => (v.clinicVendorId ?? STANDARD) === key);
  const own = of(list);
  const base = own.find((v) => v.inForce) ?? own[0] ?? (list === STANDARD ? undefined : of(STANDARD).find((v) => v.inForce));
  return base?.id ?? null;
}

/**
 * Add version: a new version of the standard list or of a clinic's own, in force from its day. It
 * opens with the prices in force, so a price change is a small edit. The refusals the server names
 * (overlapping brackets, a negative price, a day inside an issued month) show under their field.
 */
export function PriceListFormDialog({
  open,
  onClose,
  versions,
  products,
  clinics,
  today,
}: {
  open: boolean;
  onClose: () => void;
  versions: VersionSummary[];
  products: Product[];
  clinics: BillingClinic[];
  today: string;
}) {
  // The form opens on the standard list, with its prices in force once they are read.
  const baseId = baseVersionOf(versions, STANDARD);
  const base = usePriceListVersion(baseId);
  const ready = baseId === null || base.data !== undefined;
  return (
    <Dialog open={open} onClose={onClose} title="Add price list version" description="Starts from the prices in force; change what changes." size="lg">
      {ready ? (
        <PriceListForm
          onClose={onClose}
          versions={versions}
          products={products}
          clinics={clinics}
          today={today}
          initialItems={base.data ? itemsOf(base.data.items) : STARTER_ITEMS}
        />
      ) : base.isError ? (
        <p className="text-sm text-red-700">{getFriendlyError(base.error).description}</p>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}

function PriceListForm({
  onClose,
  versions,
  products,
  clinics,
  today,
  initialItems,
}: {
  onClose: () => void;
  versions: VersionSummary[];
  products: Product[];
  clinics: BillingClinic[];
  today: string;
  initialItems: ItemInput[];
}) {
  const create = useCreatePriceList();
  const fetchVersion = useFetchPriceListVersion();
  const [switching, setSwitching] = useState(false);
  const form = useZodForm(createPriceListSchema, {
    defaultValues: { clinicVendorId: null, effectiveFrom: today, note: "", items: initialItems } as FormInput,
  });
  const items = useFieldArray({ control: form.control, name: "items" });

  /** Another list chosen: its lines start from that list's prices (edits to the other list's are dropped). */
  async function startFrom(list: string) {
    const id = baseVersionOf(versions, list);
    if (id === null) {
      items.replace(STARTER_ITEMS);
      return;
    }
    setSwitching(true);
    try {
      items.replace(itemsOf((await fetchVersion(id)).items));
    } catch (error) {
      await toastError(error);
    } finally {
      setSwitching(false);
    }
  }

  const submit = async (values: z.output<typeof createPriceListSchema>) => {
    try {
      const version = await create.mutateAsync({
        clinicVendorId: values.clinicVendorId,
        effectiveFrom: values.effectiveFrom,
        note: values.note,
        // The form parsed the prices to cents; the request carries dollars again, as text.
        items: values.items.map((item) => ({ ...item, price: centsToDecimal(item.price) })),
      });
      toast({ title: "Price list version added", description: `${version.clinicName ?? "Standard prices"} from ${formatDay(version.effectiveFrom)}: ${version.items.length} prices.` });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      await toastError(error, { title: "Could not add the version" });
    }
  };

  const add = (kind: Kind) => {
    if (kind === "service") items.append({ kind: "service", serviceType: "private", minLbs: 0, maxLbs: null, price: "" });
    else if (kind === "option") items.append({ kind: "option", optionCode: "private_viewing", price: "" });
    else items.append({ kind: "product", productId: products.find((p) => p.isActive)?.id ?? "", price: "" });
  };
  const sections: Array<{ kind: Kind; title: string; addLabel: string }> = [
    { kind: "service", title: "Cremation services by weight (pounds, both ends included)", addLabel: "Add bracket" },
    { kind: "option", title: "Options", addLabel: "Add option" },
    { kind: "product", title: "Urns and keepsakes", addLabel: "Add product" },
  ];

  return (
    <Form form={form} onSubmit={submit} aria-label="Add price list version" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="clinicVendorId" id="price-list-list" label="Price list">
          {(control) => (
            <Select {...control} {...form.register("clinicVendorId", { setValueAs: (v: string | null) => (v === STANDARD ? null : v), onChange: (e) => void startFrom(e.target.value) })}>
              <option value={STANDARD}>Standard prices</option>
              {clinics.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}: own prices
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field name="effectiveFrom" id="price-list-from" label="In force from" type="date" required markRequired />
      </div>
      <Field name="note" id="price-list-note" label="Note" placeholder="e.g. New urn prices" autoComplete="off" />
      {switching ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : (
        sections.map((section) => (
          <fieldset key={section.kind} className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">{section.title}</legend>
            <ul className="space-y-2">
              {items.fields.map((field, index) =>
                field.kind === section.kind ? <ItemRow key={field.id} index={index} kind={field.kind} products={products} onRemove={() => items.remove(index)} /> : null,
              )}
            </ul>
            {section.kind === "product" && products.length === 0 ? (
              <p className="text-xs text-slate-500">No products yet.</p>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => add(section.kind)}>
                {section.addLabel}
              </Button>
            )}
          </fieldset>
        ))
      )}
      <ListMessage />
      <FormActions submit="Add version" cancel={onClose} pending={create.isPending || switching} divided />
    </Form>
  );
}

/** A refusal of the list as a whole (none left, two brackets the database found overlapping). */
function ListMessage() {
  const { errors } = useFormState<FormInput>();
  const entry = errors.items as { message?: string; root?: { message?: string } } | undefined;
  const message = entry?.message ?? entry?.root?.message;
  return message ? <FieldMessage message={message} announce /> : null;
}

/** A visible label on a phone; from `sm` the row reads as a table and the label is for screen readers. */
const cell = (text: string) => <span className="sm:sr-only">{text}</span>;

function ItemRow({ index, kind, products, onRemove }: { index: number; kind: Kind; products: Product[]; onRemove: () => void }) {
  const form = useFormContext<FormInput>();
  const { errors } = useFormState<FormInput>({ name: `items.${index}` });
  // "priced twice" belongs to the line, not to one of its fields.
  const lineMessage = (get(errors, `items.${index}`) as { message?: string } | undefined)?.message;
  const path = <K extends string>(key: K) => `items.${index}.${key}` as const;
  const price = <Field name={path("price")} id={`item-${index}-price`} label={cell("Price ($)")} inputMode="decimal" autoComplete="off" className="sm:w-28" />;
  const remove = (
    <div className="flex items-end sm:pt-0">
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove line ${index + 1}`}>
        Remove
      </Button>
    </div>
  );
  return (
    <li className="rounded-md border border-slate-200 p-2 sm:border-0 sm:p-0" data-testid="price-line">
      {kind === "service" ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_5rem_5rem_7rem_auto] sm:items-start">
          <Field name={path("serviceType")} id={`item-${index}-service`} label={cell("Service")} className="col-span-2 sm:col-span-1">
            {(control) => (
              <Select {...control} {...form.register(path("serviceType") as `items.${number}.serviceType`)}>
                {SERVICE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {SERVICE_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field name={path("minLbs")} id={`item-${index}-min`} label={cell("From lb")}>
            {(control) => <Input {...control} type="number" min={0} inputMode="numeric" {...form.register(path("minLbs") as `items.${number}.minLbs`, { setValueAs: wholePounds })} />}
          </Field>
          <Field name={path("maxLbs")} id={`item-${index}-max`} label={cell("To lb")}>
            {(control) => (
              <Input {...control} type="number" min={0} inputMode="numeric" placeholder="and up" {...form.register(path("maxLbs") as `items.${number}.maxLbs`, { setValueAs: (v: unknown) => (v === "" || v === null ? null : wholePounds(v)) })} />
            )}
          </Field>
          {price}
          {remove}
        </div>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_7rem_auto] sm:items-start">
          {kind === "option" ? (
            <Field name={path("optionCode")} id={`item-${index}-option`} label={cell("Option")} className="col-span-2 sm:col-span-1">
              {(control) => <Select {...control} {...form.register(path("optionCode") as `items.${number}.optionCode`)} options={Object.fromEntries(OPTION_CODES.map((c) => [c, OPTION_LABELS[c]]))} />}
            </Field>
          ) : (
            <Field name={path("productId")} id={`item-${index}-product`} label={cell("Product")} className="col-span-2 sm:col-span-1">
              {(control) => (
                <Select {...control} {...form.register(path("productId") as `items.${number}.productId`)}>
                  {products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                      {p.isActive ? "" : " (retired)"}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {price}
          {remove}
        </div>
      )}
      {lineMessage ? <FieldMessage message={lineMessage} /> : null}
    </li>
  );
}

/** A typed number of pounds as the schema reads it: blank or not a number stays as typed, so the message names it. */
function wholePounds(value: unknown): unknown {
  if (typeof value === "number") return value;
  const text = String(value ?? "").trim();
  return text === "" ? undefined : Number(text);
}
