import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { z } from "zod";
import type { CreateProjectBody, ProjectDetail, ProjectListPage, projectOptionsSchema, ProjectSummary, UpdateProjectBody } from "@/lib/validations/projects";
import type { HistoryEntry } from "@/lib/validations/tasks";
import { invalidateTaskQueries } from "./tasks";

export type { ProjectDetail, ProjectListPage, ProjectSummary };

export const PROJECTS_PATH = "/api/projects";
/** The pickers' list (spec §7: GET /api/projects → [{ id, name }]). */
export const PROJECT_OPTIONS_KEY = [PROJECTS_PATH] as const;

export interface ProjectFilters {
  q?: string;
  status?: string;
  unitId?: string | null;
  mine?: boolean;
  show?: "current" | "archived" | "deleted";
  sort?: string;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export const projectKey = (id: string) => [PROJECTS_PATH, id] as const;

export function useProjectOptions() {
  return useQuery<z.infer<typeof projectOptionsSchema>>({ queryKey: PROJECT_OPTIONS_KEY });
}

export function useProjectList(filters: ProjectFilters) {
  return useQuery<ProjectListPage>({ queryKey: [PROJECTS_PATH, { view: "summary", ...filters }], placeholderData: keepPreviousData });
}

export function useProject(id: string, initial?: { data: ProjectDetail; readAt: number }) {
  return useQuery<ProjectDetail>({ queryKey: projectKey(id), initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
}

export function useProjectActivity(id: string) {
  return useQuery<{ items: HistoryEntry[] }>({ queryKey: [PROJECTS_PATH, id, "activity"] });
}

/** After a project changes: every project list, picker and project, and the task lists (statuses may have moved). */
export async function invalidateProjectQueries(queryClient: QueryClient): Promise<void> {
  // invalidateTaskQueries covers /api/projects too (a project's progress counts its tasks).
  await invalidateTaskQueries(queryClient);
}

function useProjectMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateProjectQueries(queryClient) });
}

export function useCreateProject() {
  return useProjectMutation((body: CreateProjectBody) => apiRequest<ProjectDetail>("POST", PROJECTS_PATH, body));
}

export function useUpdateProject(id: string) {
  return useProjectMutation((body: UpdateProjectBody) => apiRequest<ProjectDetail>("PATCH", `${PROJECTS_PATH}/${id}`, body));
}

export function useDeleteProject() {
  return useProjectMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `${PROJECTS_PATH}/${id}`));
}

export function useRestoreProject() {
  return useProjectMutation((id: string) => apiRequest<{ ok: true }>("POST", `${PROJECTS_PATH}/${id}/restore`));
}
