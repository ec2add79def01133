import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest, apiUpload } from "@/lib/api-client";
import type { z } from "zod";
import type { BetaComment, BetaIssue, BetaIssueListPage, betaIssueDeletedSchema, UpdateBetaIssueInput } from "@/lib/validations/beta-issues";
import { invalidateTaskQueries } from "./tasks";

export type { BetaComment, BetaIssue, BetaIssueListPage, BetaIssueSummary } from "@/lib/validations/beta-issues";

export const BETA_ISSUES_PATH = "/api/beta-issues";

/** GET /api/beta-issues filters (empty values are dropped from the query string). */
export interface BetaIssueFilters {
  status?: string;
  issueType?: string;
  severity?: string;
  q?: string;
  sort?: string;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export const betaIssueKey = (id: string) => [BETA_ISSUES_PATH, id] as const;

export function useBetaIssues(filters: BetaIssueFilters) {
  return useQuery<BetaIssueListPage>({ queryKey: [BETA_ISSUES_PATH, filters], placeholderData: keepPreviousData });
}

/** One issue; `initial` is what the page's server render already read. */
export function useBetaIssue(id: string, initial?: BetaIssue) {
  return useQuery<BetaIssue>({ queryKey: betaIssueKey(id), initialData: initial });
}

async function refresh(queryClient: QueryClient, issue?: BetaIssue) {
  if (issue) queryClient.setQueryData(betaIssueKey(issue.id), issue);
  await queryClient.invalidateQueries({ queryKey: [BETA_ISSUES_PATH] });
}

/** Submits the feedback dialog: JSON without files, multipart (with upload progress) with them. */
export function useReportBetaIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: { body: FormData | Record<string, unknown>; onProgress?: (fraction: number) => void }) =>
      body instanceof FormData ? apiUpload<BetaIssue>("POST", BETA_ISSUES_PATH, body, onProgress) : apiRequest<BetaIssue>("POST", BETA_ISSUES_PATH, body),
    onSuccess: (issue) => refresh(queryClient, issue),
  });
}

export function useUpdateBetaIssue(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBetaIssueInput) => apiRequest<BetaIssue>("PATCH", `${BETA_ISSUES_PATH}/${id}`, body),
    onSuccess: (issue) => refresh(queryClient, issue),
  });
}

export function useAddBetaComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<BetaComment>("POST", `${BETA_ISSUES_PATH}/${id}/comments`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BETA_ISSUES_PATH] }),
  });
}

export function useConvertBetaIssue(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BetaIssue>("POST", `${BETA_ISSUES_PATH}/${id}/convert`, {}),
    onSuccess: async (issue) => {
      await Promise.all([refresh(queryClient, issue), invalidateTaskQueries(queryClient)]);
    },
  });
}

export function useDeleteBetaIssue(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<z.infer<typeof betaIssueDeletedSchema>>("DELETE", `${BETA_ISSUES_PATH}/${id}`),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: betaIssueKey(id) });
      await queryClient.invalidateQueries({ queryKey: [BETA_ISSUES_PATH] });
    },
  });
}
