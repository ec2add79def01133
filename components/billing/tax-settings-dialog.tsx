"use client";

import type { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Checkbox } from "@/components/ui/input";
import { toast, toastError } from "@/components/ui/use-toast";
import { formatRate, TAX_CATEGORY_LABELS } from "@/lib/billing/pricing";
import { useUpdateBillingSettings } from "@/lib/queries/billing";
import { updateBillingSettingsSchema, type BillingSettings } from "@/lib/validations/billing";

/** A rate in thousandths of a percent as the form shows it: 8875 → "8.875". */
const rateText = (rate: number) => formatRate(rate).replace(/%$/, "");

/** Sales tax on or off, and its rate per category (percentages, up to three decimals). */
export function TaxSettingsDialog({ open, onClose, settings }: { open: boolean; onClose: () => void; settings: BillingSettings }) {
  const update = useUpdateBillingSettings();
  const form = useZodForm(updateBillingSettingsSchema, {
    defaultValues: {
      salesTaxEnabled: settings.salesTaxEnabled,
      serviceTaxRate: rateText(settings.serviceTaxRate),
      optionTaxRate: rateText(settings.optionTaxRate),
      merchandiseTaxRate: rateText(settings.merchandiseTaxRate),
    } satisfies z.input<typeof updateBillingSettingsSchema>,
  });

  const submit = async (values: z.output<typeof updateBillingSettingsSchema>) => {
    try {
      // The form parsed the percentages to thousandths; the request carries them as the person typed them.
      const saved = await update.mutateAsync({
        salesTaxEnabled: values.salesTaxEnabled,
        serviceTaxRate: rateText(values.serviceTaxRate),
        optionTaxRate: rateText(values.optionTaxRate),
        merchandiseTaxRate: rateText(values.merchandiseTaxRate),
      });
      toast({ title: "Sales tax saved", description: saved.salesTaxEnabled ? "New charges are taxed at these rates." : "New charges are not taxed." });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      await toastError(error, { title: "Could not save the sales tax" });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Sales tax" description="Applies to charges made from now on; earlier charges keep their tax." size="sm">
      <Form form={form} onSubmit={submit} aria-label="Sales tax" className="space-y-4">
        <Checkbox id="tax-enabled" label="Charge sales tax" {...form.register("salesTaxEnabled")} />
        <Field name="serviceTaxRate" id="tax-service" label={`${TAX_CATEGORY_LABELS.service} (%)`} inputMode="decimal" autoComplete="off" />
        <Field name="optionTaxRate" id="tax-option" label={`${TAX_CATEGORY_LABELS.option} (%)`} inputMode="decimal" autoComplete="off" />
        <Field name="merchandiseTaxRate" id="tax-merchandise" label={`${TAX_CATEGORY_LABELS.merchandise} (%)`} inputMode="decimal" autoComplete="off" />
        <FormActions submit="Save" cancel={onClose} pending={update.isPending} />
      </Form>
    </Dialog>
  );
}
