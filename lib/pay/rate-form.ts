/**
 * The pay rate form's model (components/pay/pay-section.tsx): the form's values are the API body
 * of POST /api/members/{id}/pay-rates, under its own field names, with the amount kept as typed
 * (dollars) so the server parses it once; a 400 from the server lands on its field.
 */
import { z } from "zod";
import { parseMoney } from "@/lib/money";
import { isDateKey } from "@/lib/dates/days";

export const rateFormSchema = z.object({
  kind: z.enum(["hourly", "salaried"], { error: 'kind must be "hourly" or "salaried"' }),
  amount: z
    .string()
    .trim()
    .refine((v) => !v.startsWith("-"), "Amount must not be negative")
    .refine((v) => v.startsWith("-") || parseMoney(v) !== null, "Amount must be an amount with at most two decimals"),
  effectiveFrom: z.string().refine((v) => isDateKey(v), "Effective from must be a date"),
  roleLabel: z.string().trim().max(80, "Role label must be at most 80 characters"),
  unitId: z.string(),
  note: z.string().trim().max(500, "Note must be at most 500 characters"),
});
export type RateFormValues = z.input<typeof rateFormSchema>;

export const emptyRateForm = (today: string): RateFormValues => ({ kind: "hourly", amount: "", effectiveFrom: today, roleLabel: "", unitId: "", note: "" });

/** The API body: blanks left out. */
export const rateFormToBody = (v: z.output<typeof rateFormSchema>) => ({
  kind: v.kind,
  amount: v.amount,
  effectiveFrom: v.effectiveFrom,
  ...(v.roleLabel ? { roleLabel: v.roleLabel } : {}),
  ...(v.unitId ? { unitId: v.unitId } : {}),
  ...(v.note ? { note: v.note } : {}),
});

export const RATE_KIND_LABELS = { hourly: "Hourly", salaried: "Salaried (yearly)" } as const;
