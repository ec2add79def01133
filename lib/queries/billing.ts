"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type {
  addCaseChargeSchema,
  BillingSettings,
  CaseCharges,
  createPriceListSchema,
  PriceLists,
  PriceListVersion,
  statementQuerySchema,
  recordedPaymentSchema,
  recordPaymentSchema,
  StatementDetail,
  statementListSchema,
  StatementPreview,
  updateBillingSettingsSchema,
} from "@/lib/validations/billing";

/** Clinic billing (docs/billing.md): the Billing screen's reads and writes. */
export const BILLING_PATH = "/api/billing";
export const PRICE_LISTS_PATH = "/api/billing/price-lists";
export const BILLING_SETTINGS_PATH = "/api/billing/settings";
export const STATEMENTS_PATH = "/api/billing/statements";
export const STATEMENT_PREVIEW_PATH = "/api/billing/statements/preview";
export const PAYMENTS_PATH = "/api/billing/payments";

export type StatementList = z.infer<typeof statementListSchema>;
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;
/** A clinic's month: the preview's query and the issue's body (the same schema on the server). */
export type StatementQuery = z.input<typeof statementQuerySchema>;
/** A case's charges, payments and balance; its receipt (a direct case's PDF). */
export const caseChargesPath = (number: string) => `/api/cases/${encodeURIComponent(number)}/charges`;
export const caseReceiptHref = (number: string) => `/api/cases/${encodeURIComponent(number)}/receipt`;
/** A server-read first answer (lib/queries/initial-data.ts). */
export type InitialDataOptions<T> = { data: T; readAt: number };

/** Where a statement's file downloads: the PDF, the CSV, or the QuickBooks invoice (IIF). */
export const statementFileHref = (id: string, format: "pdf" | "csv" | "iif") => `${STATEMENTS_PATH}/${encodeURIComponent(id)}/file?format=${format}`;

/** A read's server-rendered first answer, for the one key it was read for. */
const initialFor = <T>(initial: InitialDataOptions<T> | undefined) => (initial ? { initialData: initial.data, initialDataUpdatedAt: initial.readAt } : {});

export function useStatementPreview(query: StatementQuery | null, initial?: InitialDataOptions<StatementPreview>) {
  return useQuery<StatementPreview>({
    queryKey: [STATEMENT_PREVIEW_PATH, query ?? {}],
    enabled: query !== null,
    placeholderData: keepPreviousData,
    ...initialFor(initial),
  });
}

export function useStatements(initial?: InitialDataOptions<StatementList>) {
  return useQuery<StatementList>({ queryKey: [STATEMENTS_PATH, {}], ...initialFor(initial) });
}

export function usePriceLists(initial?: InitialDataOptions<PriceLists>) {
  return useQuery<PriceLists>({ queryKey: [PRICE_LISTS_PATH, {}], ...initialFor(initial) });
}

/** One version with its prices; read when it is opened (or handed in by the server for the lists in force). */
export function usePriceListVersion(id: string | null, initial?: InitialDataOptions<PriceListVersion>) {
  return useQuery<PriceListVersion>({ queryKey: [`${PRICE_LISTS_PATH}/${id}`], enabled: id !== null, ...initialFor(initial) });
}

/** Reads a version with its prices from a handler (the cached answer when there is one). */
export function useFetchPriceListVersion() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery<PriceListVersion>({ queryKey: [`${PRICE_LISTS_PATH}/${id}`] });
}

export function useCaseCharges(number: string, initial?: InitialDataOptions<CaseCharges>) {
  return useQuery<CaseCharges>({ queryKey: [caseChargesPath(number)], ...initialFor(initial) });
}

export function useBillingSettings(initial?: InitialDataOptions<BillingSettings>) {
  return useQuery<BillingSettings>({ queryKey: [BILLING_SETTINGS_PATH], ...initialFor(initial) });
}

/**
 * Every billing write changes what the screen reads (a statement, a preview, a version): all of it
 * is read again, after a refusal too (a 409 means the server knows better: issued from another tab).
 */
function useBillingMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>, alsoKey?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && ((q.queryKey[0] as string).startsWith(BILLING_PATH) || q.queryKey[0] === alsoKey) }),
  });
}

export const useIssueStatement = () => useBillingMutation((body: StatementQuery) => apiRequest<StatementDetail>("POST", STATEMENTS_PATH, body));
export const useRecordPayment = () => useBillingMutation((body: z.input<typeof recordPaymentSchema>) => apiRequest<RecordedPayment>("POST", PAYMENTS_PATH, body));
export const useCreatePriceList = () => useBillingMutation((body: z.input<typeof createPriceListSchema>) => apiRequest<PriceListVersion>("POST", PRICE_LISTS_PATH, body));
export const useUpdateBillingSettings = () =>
  useBillingMutation((body: z.input<typeof updateBillingSettingsSchema>) => apiRequest<BillingSettings>("PUT", BILLING_SETTINGS_PATH, body));

/** A case's charge (intake pricing, an option, a product, an adjustment); a product's stock and the statements change with it. */
export const useAddCaseCharge = (number: string) =>
  useBillingMutation((body: z.input<typeof addCaseChargeSchema>) => apiRequest<CaseCharges>("POST", caseChargesPath(number), body), caseChargesPath(number));
/** A family's payment for a direct case: the case's balance and receipt change with it. */
export const useRecordCasePayment = (number: string) =>
  useBillingMutation((body: z.input<typeof recordPaymentSchema>) => apiRequest<RecordedPayment>("POST", PAYMENTS_PATH, body), caseChargesPath(number));
