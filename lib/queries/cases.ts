import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest, apiUpload, isApiError } from "@/lib/api-client";
import { caseScanPath } from "@/lib/offline/paths";
import { isQueued } from "@/lib/offline/queue";
import type { ReplayReport } from "@/lib/offline/replay";
import { clientUuid } from "@/lib/offline/uuid";
import type { Station } from "@/lib/cases/stations";
import type {
  Authorization,
  Belonging,
  SignAuthorizationInput,
  SignCounterAuthorizationInput,
  SignAuthorizationResult,
  CaseBoard,
  CaseDetail,
  CaseSummary,
  Chamber,
  CreateCaseBody,
  CustodyVerify,
  FamilyView,
  ScanResult,
  RemainsRanges,
  SaveRemainsRangesInput,
  Turnaround,
  UpdateCaseBody,
} from "@/lib/validations/cases";
import type { CremationLog, Retention, RetentionBody } from "@/lib/validations/cremation-log";
import type { ScanOutcome, ScanRefusal, ScanRequest } from "@/lib/cases/scan-outcome";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { isBrowserOffline, isNetworkFailure, queueWrite, sendQueuedWrite, useOfflineReplay } from "./offline-queue";

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
export const familyReturnReceiptHref = (token: string) => `/api/family/${encodeURIComponent(token)}/return-receipt`;
export const caseReturnReceiptHref = (number: string) => `${CASES_PATH}/${encodeURIComponent(number)}/return-receipt`;

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
  return useQuery<{ items: Chamber[]; requireCertification: boolean }>({ queryKey: CHAMBERS_KEY, enabled });
}

export function useCaseTurnaround(range: { from?: string; to?: string }) {
  return useQuery<Turnaround>({ queryKey: [CASES_PATH, "turnaround", range], placeholderData: keepPreviousData });
}

/** One page of the cremation log (docs/cases.md "Cremation log"); not asked while the range is invalid. */
export function useCremationLog(query: { from: string; to: string; chamberId?: string; limit: number; offset: number }, enabled = true) {
  return useQuery<CremationLog>({ queryKey: [CASES_PATH, "cremation-log", query], placeholderData: keepPreviousData, enabled });
}

/** PUT /api/cases/retention (admins); the log shows the period, so its queries are read again. */
export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionBody) => apiRequest<Retention>("PUT", `${CASES_PATH}/retention`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CASES_PATH, "cremation-log"] }),
  });
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

/** Sets the pet's photo (a JPEG, PNG or WebP of at most 700 KB) on the case's upload path. */
export const useUploadCasePhoto = () =>
  useCaseMutation(({ number, photo }: { number: string; photo: Blob }) => {
    const form = new FormData();
    form.append("photo", photo, "photo.jpg");
    return apiUpload<CaseDetail>("PUT", `${casePath(number)}/photo`, form);
  });

export const useCloseCase = (number: string) => useCaseMutation((reason: string) => apiRequest<CaseDetail>("POST", `${casePath(number)}/close`, { reason }));

export const useRenewFamilyLink = (number: string) =>
  useCaseMutation(() => apiRequest<{ url: string; createdAt: string }>("POST", `${casePath(number)}/family-link`));

export const useRevokeFamilyLink = (number: string) => useCaseMutation(() => apiRequest<{ ok: true }>("DELETE", `${casePath(number)}/family-link`));

/** Recomputes the custody log's hash chain on the server (on demand: a button, not on load). */
export const useVerifyCustody = (number: string) =>
  useMutation({ mutationFn: () => apiRequest<CustodyVerify>("GET", `${casePath(number)}/custody/verify`) });

// ---------------------------------------------------------------- scans (/scan)

/** A scan as the screen sends it: the case reference (number, tag serial or label token) and the scan body. */

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
      const queue = (): ScanOutcome => ({ kind: "queued", write: queueWrite(queryClient, { id, kind: "case-scan", payload: { ...body, offline: true }, target: ref }) });
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

// ---------------------------------------------------------------- cremation authorization

export type { Authorization, SignAuthorizationInput, SignAuthorizationResult } from "@/lib/validations/cases";
export const caseAuthorizationKey = (number: string) => [CASES_PATH, number, "authorization"] as const;
export const caseAuthorizationPdfHref = (number: string, version?: number) =>
  `${casePath(number)}/authorization/pdf${version === undefined ? "" : `?version=${version}`}`;
export const familyAuthorizationPdfHref = (token: string) => `/api/family/${encodeURIComponent(token)}/authorization/pdf`;

export function useCaseAuthorization(number: string) {
  return useQuery<Authorization>({ queryKey: caseAuthorizationKey(number) });
}

/** Signed at the counter, on the staff member's screen. */
export const useSignCaseAuthorization = (number: string) =>
  useCaseMutation((body: SignCounterAuthorizationInput) => apiRequest<SignAuthorizationResult>("POST", `${casePath(number)}/authorization`, body));

/** Signed by the family from its link (no sign-in: the token is the credential). */
export const signFamilyAuthorization = (token: string, body: SignAuthorizationInput) =>
  apiRequest<SignAuthorizationResult>("POST", `/api/family/${encodeURIComponent(token)}/authorization`, body);

// ---------------------------------------------------------------- personal belongings

export type { Belonging };
export const caseBelongingsKey = (number: string) => [CASES_PATH, number, "belongings"] as const;
export const caseBelongingPhotoHref = (number: string, id: string) => `${casePath(number)}/belongings/${encodeURIComponent(id)}/photo`;

export function useCaseBelongings(number: string, enabled = true) {
  return useQuery<{ items: Belonging[] }>({ queryKey: caseBelongingsKey(number), enabled });
}

/** Records an item that came in with the pet, with its photo (scaled on the device) on the case photo upload path. */
export const useAddCaseBelonging = (number: string) =>
  useCaseMutation(({ description, disposition, photo }: { description: string; disposition: string; photo: Blob | null }) => {
    const form = new FormData();
    form.append("description", description);
    form.append("disposition", disposition);
    if (photo) form.append("photo", photo, "item.jpg");
    return apiUpload<{ items: Belonging[] }>("POST", `${casePath(number)}/belongings`, form);
  });

export const useRemoveCaseBelonging = (number: string) =>
  useCaseMutation((id: string) => apiRequest<{ items: Belonging[] }>("DELETE", `${casePath(number)}/belongings/${encodeURIComponent(id)}`));

/** The scan screen's read of the belongings to check off (packaged, returned); null when it cannot be read (offline). */
export async function fetchBelongingsToReturn(ref: string): Promise<Belonging[] | null> {
  try {
    const list = await apiRequest<{ items: Belonging[] }>("GET", `${casePath(ref)}/belongings`);
    return list.items.filter((item) => item.disposition === "return");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the remains' weight ranges

export const REMAINS_RANGES_PATH = `${CASES_PATH}/remains-ranges`;

/** The expected ranges of the remains' weight per species (the shipped defaults until an admin saves them). */
export function useRemainsRanges(enabled = true) {
  return useQuery<RemainsRanges>({ queryKey: [REMAINS_RANGES_PATH], enabled });
}

export function useSaveRemainsRanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRemainsRangesInput) => apiRequest<RemainsRanges>("PUT", REMAINS_RANGES_PATH, body),
    onSuccess: (saved) => queryClient.setQueryData([REMAINS_RANGES_PATH], saved),
  });
}
