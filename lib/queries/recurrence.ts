import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { PreviewRuleBody, RulePreviewDto, SeriesDto, SeriesPageDto } from "@/lib/validations/recurrence";
import { invalidateTaskQueries } from "./tasks";

export const SERIES_PATH = "/api/recurring-tasks";
export const PREVIEW_PATH = "/api/recurring-tasks/preview";

export interface SeriesFilters {
  mine?: boolean;
  unitId?: string | null;
  paused?: boolean;
  page?: number;
}

export function useSeriesList(filters: SeriesFilters) {
  return useQuery<SeriesPageDto>({ queryKey: [SERIES_PATH, filters], placeholderData: keepPreviousData });
}

export function useSeries(id: string | null | undefined) {
  return useQuery<SeriesDto>({ queryKey: [SERIES_PATH, id ?? ""], enabled: Boolean(id) });
}

/** The form's live preview: POSTs the rule (it reads nothing, so it caches like a read). */
export function useRulePreview(body: PreviewRuleBody | null) {
  return useQuery<RulePreviewDto>({
    queryKey: [PREVIEW_PATH, body],
    queryFn: () => apiRequest<RulePreviewDto>("POST", PREVIEW_PATH, body),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Pause, resume or end a series; refreshes the series lists and every task list. */
export function useSeriesAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "pause" | "resume" | "end" }) => apiRequest<SeriesDto>("POST", `${SERIES_PATH}/${id}/${action}`),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [SERIES_PATH] }), invalidateTaskQueries(queryClient)]);
    },
  });
}
