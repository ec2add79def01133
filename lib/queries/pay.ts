import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { CreatePayRateInput, LabourCostAnswer, LabourCostLinesAnswer, PayRate, PayRatesAnswer, ScheduleCostAnswer } from "@/lib/validations/pay";

/** Pay rates and labour cost (docs/time.md "Pay rates and labour cost"): only for callers with pay.read. */
export const payRatesPath = (memberId: string) => `/api/members/${memberId}/pay-rates`;
export const LABOUR_COST_PATH = "/api/labour-cost";
export const LABOUR_COST_LINES_PATH = "/api/labour-cost/lines";

export const usePayRates = (memberId: string) => useQuery<PayRatesAnswer>({ queryKey: [payRatesPath(memberId)] });

/** The labour cost of a range grouped by `by` (the query string without the leading "?"). */
export const useLabourCost = (query: string, enabled = true) => useQuery<LabourCostAnswer>({ queryKey: [`${LABOUR_COST_PATH}?${query}`], enabled });
/** The minutes behind a figure: `query` names it (caseId=…, projectId=…, userId=…&period=…). */
export const useLabourCostLines = (query: string, enabled = true) => useQuery<LabourCostLinesAnswer>({ queryKey: [`${LABOUR_COST_LINES_PATH}?${query}`], enabled });

function usePayMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Rates change every cost figure: the rates, the cost answers and the time card.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && /^\/api\/(members\/[^/]+\/pay-rates|labour-cost|admin\/time\/card)/.test(q.queryKey[0] as string) }),
  });
}

export const useCreatePayRate = (memberId: string) => usePayMutation((body: CreatePayRateInput) => apiRequest<PayRate>("POST", payRatesPath(memberId), body));
export const useUpdatePayRate = () =>
  usePayMutation(({ id, ...body }: { id: string; amount?: string; kind?: "hourly" | "salaried"; effectiveFrom?: string; note?: string | null }) =>
    apiRequest<PayRate>("PATCH", `/api/pay-rates/${id}`, body),
  );
export const useDeletePayRate = () => usePayMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `/api/pay-rates/${id}`));

/** A week's scheduled cost beside its worked cost (the schedule grid's strip). */
/** The week's scheduled and worked cost, and each shift's (pay.read only: `enabled` false for everyone else). */
export const useScheduleCost = (week: string, enabled = true) => useQuery<ScheduleCostAnswer>({ queryKey: [`/api/labour-cost/schedule?week=${week}`], enabled });
