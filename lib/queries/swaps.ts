import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type { swapListSchema, swapSchema } from "@/lib/swaps/contracts";
import type { myLedgerSchema } from "@/lib/time-off/contracts";
import type { OfferSwapInput } from "@/lib/validations/swaps";

/** Swaps and covers, and my balances line by line (docs/schedules.md "Swaps and covers", "Policies"). */
export const SWAPS_PATH = "/api/schedule/swaps";
export const BALANCES_PATH = "/api/time-off/balances";

export type SwapList = z.output<typeof swapListSchema>;
export type Swap = z.output<typeof swapSchema>;
export type MyLedger = z.output<typeof myLedgerSchema>;

export const useSwaps = () => useQuery<SwapList>({ queryKey: [SWAPS_PATH] });
export const useMyBalances = () => useQuery<MyLedger>({ queryKey: [BALANCES_PATH] });

function useSwapMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The swaps, my schedule and the week grid (a done swap moves shifts).
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && (q.queryKey[0] as string).startsWith("/api/schedule") }),
  });
}

export const useOfferSwap = () => useSwapMutation((body: OfferSwapInput) => apiRequest<Swap>("POST", SWAPS_PATH, body));
export const useAcceptSwap = () => useSwapMutation(({ id, shiftId }: { id: string; shiftId?: string }) => apiRequest<Swap>("POST", `${SWAPS_PATH}/${id}/accept`, shiftId ? { shiftId } : {}));
export const useDecideSwap = () =>
  useSwapMutation(({ id, decision, note }: { id: string; decision: "approve" | "decline"; note?: string }) => apiRequest<Swap>("POST", `${SWAPS_PATH}/${id}/decision`, { decision, note }));
export const useCancelSwap = () => useSwapMutation((id: string) => apiRequest<Swap>("POST", `${SWAPS_PATH}/${id}/cancel`));
export const useUnitScheduleSettings = () =>
  useSwapMutation(({ unitId, swapsNeedApproval }: { unitId: string; swapsNeedApproval: boolean }) => apiRequest("PATCH", `/api/schedule/units/${unitId}`, { swapsNeedApproval }));
