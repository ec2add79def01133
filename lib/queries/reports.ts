import { useMutation, useQuery, useQueryClient, keepPreviousData } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { ScoreboardPeriod } from "@/lib/reports/options";
import type {
  MemberBreakdown,
  Scoreboard,
  ScoreboardSettingsDto,
  ScoreboardSettingsInput,
  StatisticsPanel,
  StatisticsResult,
} from "@/lib/validations/reports";

export const SCOREBOARD_PATH = "/api/scoreboard";
export const STATISTICS_PATH = "/api/statistics";

export function useScoreboard(period: ScoreboardPeriod) {
  return useQuery<Scoreboard>({ queryKey: [SCOREBOARD_PATH, { period }], placeholderData: keepPreviousData });
}

export function useMemberBreakdown(userId: string | null, period: ScoreboardPeriod) {
  return useQuery<MemberBreakdown>({ queryKey: [SCOREBOARD_PATH, "members", userId ?? "", { period }], enabled: Boolean(userId) });
}

export function useScoreboardSettings(enabled: boolean) {
  return useQuery<ScoreboardSettingsDto>({ queryKey: [SCOREBOARD_PATH, "settings"], enabled });
}

export function useSaveScoreboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScoreboardSettingsInput) => apiRequest<ScoreboardSettingsDto>("PUT", `${SCOREBOARD_PATH}/settings`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SCOREBOARD_PATH] }),
  });
}

export interface StatisticsFilters {
  from: string;
  to: string;
  unitId: string | null;
}

export function useStatistics(panel: StatisticsPanel, filters: StatisticsFilters) {
  return useQuery<StatisticsResult>({
    queryKey: [STATISTICS_PATH, panel, { from: filters.from, to: filters.to, ...(filters.unitId ? { unitId: filters.unitId } : {}) }],
    placeholderData: keepPreviousData,
  });
}
