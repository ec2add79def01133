"use client";

import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@/lib/billing/pricing";
import { centsToDecimal, formatMoney } from "@/lib/money";
import { useRecordPayment } from "@/lib/queries/billing";
import { recordPaymentSchema } from "@/lib/validations/billing";
import type { z } from "zod";
import type { BillingClinic } from "./billing-section";

type PaymentForm = z.input<typeof recordPaymentSchema>;

/**
 * Record payment: a clinic's payment received by hand (a check, a transfer) with its reference.
 * No processor is involved; the clinic's next statement carries it.
 */
export function RecordPaymentDialog({ open, onClose, clinics, clinicVendorId, today }: { open: boolean; onClose: () => void; clinics: BillingClinic[]; clinicVendorId: string; today: string }) {
  const record = useRecordPayment();
  const form = useZodForm(recordPaymentSchema, {
    defaultValues: { clinicVendorId: clinicVendorId || clinics[0]?.id, amount: "", method: "check", reference: "", receivedOn: today } satisfies PaymentForm,
  });

  // The form parses dollars to cents (the same schema as the server); the request carries dollars again, as text, exactly.
  const submit = async (values: z.output<typeof recordPaymentSchema>) => {
    try {
      const payment = await record.mutateAsync({ ...values, amount: centsToDecimal(values.amount) });
      const clinic = clinics.find((c) => c.id === payment.clinicVendorId)?.name ?? "the clinic";
      toast({ title: "Payment recorded", description: `${formatMoney(payment.amountCents)} from ${clinic}: its next statement carries it.` });
      form.reset();
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      await toastError(error, { title: "Could not record the payment" });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Record payment" description="A payment received from a clinic, by hand, with its reference." size="md">
      <Form form={form} onSubmit={submit} aria-label="Record payment" className="space-y-4">
        <Field name="clinicVendorId" id="payment-clinic" label="Clinic" markRequired>
          {(control) => (
            <Select {...control} {...form.register("clinicVendorId")}>
              {clinics.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="amount" id="payment-amount" label="Amount ($)" inputMode="decimal" placeholder="0.00" autoComplete="off" required markRequired />
          <Field name="receivedOn" id="payment-received" label="Received on" type="date" max={today} required markRequired />
          <Field name="method" id="payment-method" label="Method" markRequired>
            {(control) => <Select {...control} {...form.register("method")} options={Object.fromEntries(PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABELS[m]]))} />}
          </Field>
          <Field name="reference" id="payment-reference" label="Reference" placeholder="Check number, transfer id" autoComplete="off" required markRequired />
        </div>
        <FormActions submit="Record payment" cancel={onClose} pending={record.isPending} />
      </Form>
    </Dialog>
  );
}
