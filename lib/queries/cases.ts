import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest, isApiError } from "@/lib/api-client";
import { caseScanPath } from "@/lib/offline/paths";
import { enqueue, isQueued } from "@/lib/offline/queue";
import type { ReplayReport } from "@/lib/offline/replay";
import { updateQueue } from "@/lib/offline/store";
import { isBrowserOffline, useOfflineReplay } from "@/lib/offline/use-offline-queue";
import { clientUuid } from "@/lib/offline/uuid";
import type { Station } from "@/lib/cases/stations";
import type {
  CaseBoard,
  CaseDetail,
  CaseSummary,
  Chamber,
  CreateCaseBody,
  CustodyVerify,
  FamilyView,
  ScanResult,
  Turnaround,
  UpdateCaseBody,
} from "@/lib/validations/cases";
import type { ScanOutcome, ScanRefusal, ScanRequest } from "@/lib/cases/scan-outcome";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { sendQueuedWrite } from "./offline-queue";

export type { CaseBoard, CaseDetail, CaseSummary, Chamber, CustodyVerify, FamilyView, ScanResult, Turnaround };

/** Memorial cases (docs/cases.md): every case query starts with this path. */
export const CASES_PATH = "/api/cases";
export const CASES_KEY = [CASES_PATH] as const;
export const CASE_BOARD_KEY = [CASES_PATH, "board"] as const;
export const CHAMBERS_KEY = [CASES_PATH, "chambers"] as const;
export const caseKey = (number: string) => [CASES_PATH, number] as const;

/** The case's PDFs and files, opened in a new tab (the browser sends the session cookie). */
export const caseLabelHref = (number: string, format: "label" | "sheet" = "label") => `${CASES_PATH}/${encodeURIComponent(number)}/label?format=${format}`;
export const caseCertificateHref = (number: string) => `${CASES_PATH}/${encodeURIComponent(number)}/certificate`;
export const casePhotoHref = (number: string) => `${CASES_PATH}/${encodeURIComponent(number)}/photo`;
export const caseEventFileHref = (number: string, seq: number, kind: "photo" | "signature") =>
  `${CASES_PATH}/${encodeURIComponent(number)}/events/${seq}/file?kind=${kind}`;
export const familyCertificateHref = (token: string) => `/api/family/${encodeURIComponent(token)}/certificate`;

export interface CaseListFilters {
  status?: "open" | "closed" | "all";
  station?: Station;
  serviceType?: string;
  q?: string;
  limit?: number;
  offset?: number;
}

export function useCaseList(filters: CaseListFilters) {
  return useQuery<{ items: CaseSummary[]; total: number }>({ queryKey: [CASES_PATH, filters], placeholderData: keepPreviousData });
}

/** The board of open cases by step; refreshed every minute while shown (the hours at a step move). */
export function useCaseBoard() {
  return useQuery<CaseBoard>({ queryKey: CASE_BOARD_KEY, refetchInterval: 60_000 });
}

export function useCase(number: string) {
  return useQuery<CaseDetail>({ queryKey: caseKey(number) });
}

export function useChambers(enabled = true) {
  return useQuery<{ items: Chamber[] }>({ queryKey: CHAMBERS_KEY, enabled });
}

export function useCaseTurnaround(range: { from?: string; to?: string }) {
  return useQuery<Turnaround>({ queryKey: [CASES_PATH, "turnaround", range], placeholderData: keepPreviousData });
}

/** After a case changes: every case query (list, board, the case, chambers, turnaround) and the task lists its process feeds. */
export function invalidateCaseQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: CASES_KEY }), queryClient.invalidateQueries({ queryKey: ["/api/tasks"] })]);
}

function useCaseMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateCaseQueries(queryClient) });
}

const casePath = (number: string) => `${CASES_PATH}/${encodeURIComponent(number)}`;

export const useCreateCase = () => useCaseMutation((body: CreateCaseBody) => apiRequest<CaseDetail>("POST", CASES_PATH, body));

export const useUpdateCase = (number: string) => useCaseMutation((body: UpdateCaseBody) => apiRequest<CaseDetail>("PATCH", casePath(number), body));

export const useCloseCase = (number: string) => useCaseMutation((reason: string) => apiRequest<CaseDetail>("POST", `${casePath(number)}/close`, { reason }));

export const useRenewFamilyLink = (number: string) =>
  useCaseMutation(() => apiRequest<{ url: string; createdAt: string }>("POST", `${casePath(number)}/family-link`));

export const useRevokeFamilyLink = (number: string) => useCaseMutation(() => apiRequest<{ ok: true }>("DELETE", `${casePath(number)}/family-link`));

/** Recomputes the custody log's hash chain on the server (on demand: a button, not on load). */
export const useVerifyCustody = (number: string) =>
  useMutation({ mutationFn: () => apiRequest<CustodyVerify>("GET", `${casePath(number)}/custody/verify`) });

// ---------------------------------------------------------------- scans (/scan)

/** A scan as the screen sends it: the case reference (number, tag serial or label token) and the scan body. */
/** fetch's own failure (no connection, DNS, reset): the request may never have reached the server. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/**
 * Records a checkpoint scan now, or keeps it in the device's offline queue (lib/offline, the same
 * queue as the punches) when there is no connection: it is replayed later in order with the time
 * of the tap and `offline: true`. The client uuid is made once, so a retry never records twice.
 * A 409 is a refusal to show at arm's length, not an error.
 */
export function useScanCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ref, body }: ScanRequest): Promise<ScanOutcome> => {
      const id = clientUuid();
      const queue = (): ScanOutcome => {
        const entry = {
          id,
          kind: "case-scan" as const,
          deviceTime: new Date().toISOString(),
          payload: { ...body, offline: true },
          target: ref,
          owner: queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id ?? null,
        };
        updateQueue((state) => enqueue(state, entry));
        return { kind: "queued", write: { queued: true, entry: { ...entry, attempts: 0 } } };
      };
      if (isBrowserOffline()) return queue();
      try {
        const result = await apiRequest<ScanResult>("POST", caseScanPath(ref), { ...body, clientUuid: id, deviceTime: new Date().toISOString() });
        return { kind: "recorded", result };
      } catch (error) {
        if (isNetworkFailure(error)) return queue();
        if (isApiError(error) && error.status === 409) {
          return {
            kind: "refused",
            refusal: { message: error.serverMessage, reason: typeof error.reason === "string" ? error.reason : null, overridable: error.overridable === true },
          };
        }
        throw error;
      }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === "recorded") return invalidateCaseQueries(queryClient);
    },
  });
}

export { isQueued };

/**
 * Sends the writes saved on this phone (scans and punches: one queue, oldest first) when the
 * connection returns, then refreshes the cases. `onReport` tells the person.
 */
export function useOfflineScanReplay(onReport?: (report: ReplayReport) => void) {
  const queryClient = useQueryClient();
  const owner = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id;
  const report = useCallback(
    (result: ReplayReport) => {
      void invalidateCaseQueries(queryClient);
      if (result.sent.some((s) => s.entry.kind !== "case-scan")) void queryClient.invalidateQueries({ queryKey: ["/api/auth/punch/status"] });
      onReport?.(result);
    },
    [queryClient, onReport],
  );
  return useOfflineReplay({ send: sendQueuedWrite, owner, onReport: report });
}

export type { ScanOutcome, ScanRefusal, ScanRequest };
