"use client";

import { useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/api-client";
import { OPTION_CODES, OPTION_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, TAX_CATEGORIES, TAX_CATEGORY_LABELS } from "@/lib/billing/pricing";
import { dateKeyOf } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { centsToDecimal, formatMoney } from "@/lib/money";
import { caseReceiptHref, useAddCaseCharge, useCaseCharges, usePriceLists, useRecordCasePayment, type InitialDataOptions } from "@/lib/queries/billing";
import { addCaseChargeSchema, recordPaymentSchema, type CaseCharges } from "@/lib/validations/billing";

/** What the case page hands the card: the server's first read and what the caller may do. */
export interface CaseBilling {
  initial?: InitialDataOptions<CaseCharges>;
  canManage: boolean;
  today: string;
}

type Opened = "add" | "adjust" | "payment" | null;

/**
 * The case page's Charges card (docs/billing.md "Screens"): the case's charges, tax, payments and
 * balance for billing.read; billing.manage prices it, adds an option or a product from today's
 * list, adjusts it with a reason and, for a family paying directly, records a payment. A clinic's
 * case is paid on the clinic's monthly statement, so it has neither a receipt nor a payment here.
 */
export function CaseChargesCard({ number, billing }: { number: string; billing: CaseBilling }) {
  const query = useCaseCharges(number, billing.initial);
  const [opened, setOpened] = useState<Opened>(null);
  const price = useAddCaseCharge(number);
  const data = query.data;
  const canManage = billing.canManage;

  const priceCase = async () => {
    try {
      const answer = await price.mutateAsync({ kind: "intake" });
      toast({ title: "Case priced", description: `${answer.charges.length} charges from the price list in force: ${formatMoney(answer.chargesCents)}.` });
    } catch (error) {
      await toastError(error, { title: "Could not price the case" });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Charges</CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          <p className="text-sm text-slate-500">{query.isError ? "Could not load the charges." : "Loading the charges…"}</p>
        ) : (
          <div className="space-y-4" data-testid="case-charges">
            {data.charges.length === 0 ? (
              <p className="text-sm text-slate-600">No charges yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" aria-label="Charges">
                {data.charges.map((c) => (
                  <li key={c.id} className="flex items-start justify-between gap-3 py-2" data-testid="case-charge">
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{c.description}</p>
                      <p className="text-xs text-slate-600">
                        {dayLabel(dateKeyOf(c.createdAt))} · {c.createdByName}
                        {c.statementNumber ? ` · on ${c.statementNumber}` : ""}
                      </p>
                      {/* An adjustment's description already carries its reason ("Adjustment: …"). */}
                      {c.reason && !c.description.includes(c.reason) ? <p className="text-xs break-words text-slate-700">Reason: {c.reason}</p> : null}
                    </div>
                    <div className="shrink-0 text-right">
                      <p className="font-medium text-slate-900 tabular-nums">{formatMoney(c.amountCents)}</p>
                      {c.taxCents !== 0 ? <p className="text-xs text-slate-600 tabular-nums">tax {formatMoney(c.taxCents)}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {data.payments.length > 0 ? (
              <ul className="divide-y divide-slate-100 border-t border-slate-200 text-sm" aria-label="Payments">
                {data.payments.map((p) => (
                  <li key={p.id} className="flex items-start justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">Payment · {PAYMENT_METHOD_LABELS[p.method]}</p>
                      <p className="text-xs break-words text-slate-600">
                        {dayLabel(p.receivedOn)} · {p.reference}
                      </p>
                    </div>
                    <p className="shrink-0 font-medium text-slate-900 tabular-nums">{formatMoney(-p.amountCents)}</p>
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm sm:grid-cols-4" aria-label="Totals">
              <Total label="Charges" cents={data.chargesCents} />
              <Total label="Tax" cents={data.taxCents} />
              <Total label="Payments" cents={data.paidCents} />
              <Total label="Balance" cents={data.balanceCents} strong />
            </dl>
            {data.clinic ? (
              <p className="text-sm text-slate-700">Billed to {data.clinic.name} on its monthly statement.</p>
            ) : (
              <p className="text-sm">
                <a href={caseReceiptHref(data.caseNumber)} className="font-medium text-indigo-700 hover:underline" target="_blank" rel="noopener">
                  Receipt (PDF)
                </a>
              </p>
            )}
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                {data.charges.length === 0 ? (
                  <Button size="sm" onClick={priceCase} disabled={price.isPending}>
                    Price this case
                  </Button>
                ) : null}
                <Button size="sm" variant="secondary" onClick={() => setOpened("add")}>
                  Add
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setOpened("adjust")}>
                  Adjust
                </Button>
                {data.clinic ? null : (
                  <Button size="sm" variant="secondary" onClick={() => setOpened("payment")}>
                    Record payment
                  </Button>
                )}
              </div>
            ) : null}
          </div>
        )}
      </CardContent>
      {canManage ? (
        <>
          <AddChargeDialog open={opened === "add"} onClose={() => setOpened(null)} number={number} />
          <AdjustDialog open={opened === "adjust"} onClose={() => setOpened(null)} number={number} />
          {data && !data.clinic ? <CasePaymentDialog open={opened === "payment"} onClose={() => setOpened(null)} caseNumber={data.caseNumber} number={number} today={billing.today} /> : null}
        </>
      ) : null}
    </Card>
  );
}

function Total({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? "font-semibold text-slate-900" : "text-slate-900"}`}>{formatMoney(cents)}</dd>
    </div>
  );
}

// One picker for both kinds: "option:paw_print" or "product:<id>".
const addSchema = z.object({ item: z.string().min(1, "Choose an option or a product") });

/** Add: an option or a memorial product, priced from today's list (a product takes one from stock). */
function AddChargeDialog({ open, onClose, number }: { open: boolean; onClose: () => void; number: string }) {
  const add = useAddCaseCharge(number);
  const form = useZodForm(addSchema, { defaultValues: { item: "" } });

  const submit = async ({ item }: z.output<typeof addSchema>) => {
    const [kind, value] = item.split(":");
    const body = kind === "product" ? { kind: "product" as const, productId: value } : { kind: "option" as const, optionCode: value as (typeof OPTION_CODES)[number] };
    try {
      const answer = await add.mutateAsync(body);
      const added = answer.charges[answer.charges.length - 1];
      toast({ title: "Charge added", description: added ? `${added.description}: ${formatMoney(added.amountCents)}.` : undefined });
      form.reset();
      onClose();
    } catch (error) {
      // The refusal is about the one thing picked (no price for it, out of stock): it reads under the picker.
      form.setError("item", { type: "server", message: serverMessageOf(error, "Could not add the charge.") });
      await toastError(error, { title: "Could not add the charge" });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Add a charge" description="An option or a memorial product, at today's price list." size="md">
      <Form form={form} onSubmit={submit} aria-label="Add a charge" className="space-y-4">
        <Field name="item" id="charge-item" label="Option or product" markRequired>
          {(control) => (
            <Select {...control} {...form.register("item")}>
              <option value="">Choose…</option>
              <optgroup label="Options">
                {OPTION_CODES.map((code) => (
                  <option key={code} value={`option:${code}`}>
                    {OPTION_LABELS[code]}
                  </option>
                ))}
              </optgroup>
              <ProductOptions />
            </Select>
          )}
        </Field>
        <FormActions submit="Add charge" cancel={onClose} pending={add.isPending} />
      </Form>
    </Dialog>
  );
}

/** The active products with their stock, read once the dialog opens (not on every case page). */
function ProductOptions() {
  const products = (usePriceLists().data?.products ?? []).filter((p) => p.isActive);
  if (products.length === 0) return null;
  return (
    <optgroup label="Products">
      {products.map((p) => (
        <option key={p.id} value={`product:${p.id}`}>
          {p.name} ({p.stock > 0 ? `${p.stock} in stock` : "out of stock"})
        </option>
      ))}
    </optgroup>
  );
}

type AdjustForm = z.input<typeof addCaseChargeSchema>;

/** Adjust: a signed amount (negative is a credit) with its reason, audited; the same schema as the server. */
function AdjustDialog({ open, onClose, number }: { open: boolean; onClose: () => void; number: string }) {
  const add = useAddCaseCharge(number);
  const form = useZodForm(addCaseChargeSchema, { defaultValues: { kind: "adjustment", amount: "", category: "service", reason: "" } satisfies AdjustForm });

  const submit = async (values: z.output<typeof addCaseChargeSchema>) => {
    if (values.kind !== "adjustment") return;
    try {
      // The form parsed dollars to cents; the request carries dollars again, as text, exactly.
      await add.mutateAsync({ ...values, amount: centsToDecimal(values.amount) });
      toast({ title: "Adjustment added", description: `${formatMoney(values.amount)}: ${values.reason}` });
      form.reset();
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      await toastError(error, { title: "Could not adjust the charges" });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Adjust the charges" description="A signed amount: negative is a credit. The reason is kept with it and audited." size="md">
      <Form form={form} onSubmit={submit} aria-label="Adjust the charges" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="amount" id="adjust-amount" label="Amount ($)" inputMode="decimal" placeholder="-10.00" autoComplete="off" required markRequired />
          <Field name="category" id="adjust-category" label="Tax category" markRequired>
            {(control) => <Select {...control} {...form.register("category")} options={Object.fromEntries(TAX_CATEGORIES.map((c) => [c, TAX_CATEGORY_LABELS[c]]))} />}
          </Field>
        </div>
        <Field name="reason" id="adjust-reason" label="Reason" placeholder="Discount agreed with the family" autoComplete="off" required markRequired />
        <FormActions submit="Add adjustment" cancel={onClose} pending={add.isPending} />
      </Form>
    </Dialog>
  );
}

type PaymentForm = z.input<typeof recordPaymentSchema>;

/** Record payment: a family's payment for a direct case, by hand with its reference; its receipt shows it. */
function CasePaymentDialog({ open, onClose, caseNumber, number, today }: { open: boolean; onClose: () => void; caseNumber: string; number: string; today: string }) {
  const record = useRecordCasePayment(number);
  const form = useZodForm(recordPaymentSchema, { defaultValues: { caseNumber, amount: "", method: "card", reference: "", receivedOn: today } satisfies PaymentForm });

  const submit = async (values: z.output<typeof recordPaymentSchema>) => {
    try {
      const payment = await record.mutateAsync({ ...values, amount: centsToDecimal(values.amount) });
      toast({ title: "Payment recorded", description: `${formatMoney(payment.amountCents)}: the receipt shows it.` });
      form.reset();
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      await toastError(error, { title: "Could not record the payment" });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Record payment" description="A payment received from the family, by hand, with its reference." size="md">
      <Form form={form} onSubmit={submit} aria-label="Record payment" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="amount" id="case-payment-amount" label="Amount ($)" inputMode="decimal" placeholder="0.00" autoComplete="off" required markRequired />
          <Field name="receivedOn" id="case-payment-received" label="Received on" type="date" max={today} required markRequired />
          <Field name="method" id="case-payment-method" label="Method" markRequired>
            {(control) => <Select {...control} {...form.register("method")} options={Object.fromEntries(PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABELS[m]]))} />}
          </Field>
          <Field name="reference" id="case-payment-reference" label="Reference" placeholder="Card slip, check number" autoComplete="off" required markRequired />
        </div>
        <FormActions submit="Record payment" cancel={onClose} pending={record.isPending} />
      </Form>
    </Dialog>
  );
}
