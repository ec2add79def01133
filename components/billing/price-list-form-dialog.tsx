"use client";

import { useState, type ReactNode } from "react";
import { get, useFieldArray, useFormContext, useFormState } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
            {items.fields.some((f) => f.kind === section.kind) ? <ColumnHeadings kind={section.kind} /> : null}
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

/** The columns of a line from `sm`: a table with one heading row per section. */
const SERVICE_COLUMNS = "sm:grid-cols-[minmax(0,1fr)_5rem_5rem_7rem_5rem]";
const OTHER_COLUMNS = "sm:grid-cols-[minmax(0,1fr)_7rem_5rem]";

/** The headings over a section's lines from `sm` (each field keeps its own label for screen readers). */
function ColumnHeadings({ kind }: { kind: Kind }) {
  const headings = kind === "service" ? ["Service", "From lb", "To lb", "Price ($)"] : [kind === "option" ? "Option" : "Product", "Price ($)"];
  return (
    <div aria-hidden="true" className={`hidden gap-2 text-xs font-medium text-slate-600 sm:grid ${kind === "service" ? SERVICE_COLUMNS : OTHER_COLUMNS}`}>
      {headings.map((h) => (
        <span key={h}>{h}</span>
      ))}
    </div>
  );
}

const LINE_FIELDS = ["serviceType", "minLbs", "maxLbs", "optionCode", "productId", "price"] as const;
type LineField = (typeof LINE_FIELDS)[number];

/**
 * One priced line. Its fields are narrow columns, so the line's messages (a field's, or the line's
 * own: "priced twice") read under the whole line; each refused control is marked invalid and
 * described by them.
 */
function ItemRow({ index, kind, products, onRemove }: { index: number; kind: Kind; products: Product[]; onRemove: () => void }) {
  const form = useFormContext<FormInput>();
  const { errors } = useFormState<FormInput>({ name: `items.${index}` });
  const messageOf = (key?: LineField) => (get(errors, key ? `items.${index}.${key}` : `items.${index}`) as { message?: string } | undefined)?.message;
  const messages = [...new Set([messageOf(), ...LINE_FIELDS.map((key) => messageOf(key))].filter((m): m is string => Boolean(m)))];
  const messageId = `item-${index}-errors`;
  const name = (key: LineField) => `items.${index}.${key}` as `items.${number}.${LineField}`;
  /** The label and ARIA of one control of the line. */
  const control = (key: LineField, label: string, className?: string) => ({
    id: `item-${index}-${key}`,
    label: <span className="sm:sr-only">{label}</span>,
    className,
    wire: { id: `item-${index}-${key}`, "aria-invalid": messageOf(key) ? (true as const) : undefined, "aria-describedby": messageOf(key) ? messageId : undefined },
  });
  const price = control("price", "Price ($)");
  const remove = (
    <div className="flex h-10 items-center self-end sm:self-start">
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove line ${index + 1}`}>
        Remove
      </Button>
    </div>
  );
  const priceCell = (
    <LineCell {...price}>
      <Input {...price.wire} inputMode="decimal" autoComplete="off" {...form.register(name("price"))} />
    </LineCell>
  );
  const service = control("serviceType", "Service", "col-span-2 sm:col-span-1");
  const min = control("minLbs", "From lb");
  const max = control("maxLbs", "To lb");
  const option = control("optionCode", "Option", "col-span-2 sm:col-span-1");
  const product = control("productId", "Product", "col-span-2 sm:col-span-1");
  return (
    <li className="rounded-md border border-slate-200 p-2 sm:border-0 sm:p-0" data-testid="price-line">
      {kind === "service" ? (
        <div className={`grid grid-cols-2 gap-2 sm:items-start ${SERVICE_COLUMNS}`}>
          <LineCell {...service}>
            <Select {...service.wire} {...form.register(name("serviceType"))}>
              {SERVICE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {SERVICE_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </LineCell>
          <LineCell {...min}>
            <Input {...min.wire} type="number" min={0} inputMode="numeric" {...form.register(name("minLbs"), { setValueAs: wholePounds })} />
          </LineCell>
          <LineCell {...max}>
            <Input {...max.wire} type="number" min={0} inputMode="numeric" placeholder="and up" {...form.register(name("maxLbs"), { setValueAs: (v: unknown) => (v === "" || v === null ? null : wholePounds(v)) })} />
          </LineCell>
          {priceCell}
          {remove}
        </div>
      ) : (
        <div className={`grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:items-start ${OTHER_COLUMNS}`}>
          {kind === "option" ? (
            <LineCell {...option}>
              <Select {...option.wire} {...form.register(name("optionCode"))} options={Object.fromEntries(OPTION_CODES.map((c) => [c, OPTION_LABELS[c]]))} />
            </LineCell>
          ) : (
            <LineCell {...product}>
              <Select {...product.wire} {...form.register(name("productId"))}>
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                    {p.isActive ? "" : " (retired)"}
                  </option>
                ))}
              </Select>
            </LineCell>
          )}
          {priceCell}
          {remove}
        </div>
      )}
      {messages.length > 0 ? <FieldMessage id={messageId} message={messages.join(" ")} className="mt-1" /> : null}
    </li>
  );
}

/** A line's control with its label (shown on a phone, for screen readers from `sm`). */
function LineCell({ id, label, className, children }: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A typed number of pounds as the schema reads it: blank or not a number stays as typed, so the message names it. */
function wholePounds(value: unknown): unknown {
  if (typeof value === "number") return value;
  const text = String(value ?? "").trim();
  return text === "" ? undefined : Number(text);
}
