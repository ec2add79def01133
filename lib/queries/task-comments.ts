import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiUpload } from "@/lib/api-client";
import type { Mentionable, TaskAttachment, TaskComment, TaskCommentList } from "@/lib/validations/task-comments";
import { TASKS_PATH } from "./tasks";

export type { Mentionable, TaskAttachment, TaskComment };

const commentsKey = (taskId: string) => [TASKS_PATH, taskId, "comments"] as const;

export function useTaskComments(taskId: string) {
  return useQuery<TaskCommentList>({ queryKey: commentsKey(taskId) });
}

/** Who the composer's @ offers (only members who can see the task). */
export function useMentionable(taskId: string, q: string | null) {
  return useQuery<Mentionable>({ queryKey: [TASKS_PATH, taskId, "mentionable", { q: q ?? "" }], enabled: q !== null });
}

export function useCommentMutations(taskId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsKey(taskId) });
  const base = `${TASKS_PATH}/${taskId}/comments`;
  return {
    add: useMutation({
      mutationFn: (input: { body: string; mentions: string[] }) => apiRequest<TaskComment>("POST", base, input),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: ({ id, ...input }: { id: string; body: string; mentions: string[] }) => apiRequest<TaskComment>("PATCH", `${base}/${id}`, input),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<TaskComment>("DELETE", `${base}/${id}`),
      onSuccess: refresh,
    }),
  };
}

const attachmentsKey = (taskId: string) => [TASKS_PATH, taskId, "attachments"] as const;

export function useTaskAttachments(taskId: string) {
  return useQuery<{ items: TaskAttachment[] }>({ queryKey: attachmentsKey(taskId) });
}

/** Uploads files to the task, or to one of the caller's comments on it. */
export function useUploadAttachments(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, commentId }: { files: File[]; commentId?: string }) => {
      const form = new FormData();
      if (commentId) form.append("commentId", commentId);
      for (const file of files) form.append("files", file, file.name);
      return apiUpload<{ items: TaskAttachment[] }>("POST", `${TASKS_PATH}/${taskId}/attachments`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(taskId) }),
  });
}
