import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "@/lib/api-client";
import type { z } from "zod";
import type { createPunchPostSchema, PunchPost, punchPostListSchema, punchStationRotatedSchema } from "@/lib/validations/punch";

/** The admin's punch posts (/admin/punch-posts): the places whose QR codes staff scan to punch. */

export const PUNCH_POSTS_PATH = "/api/admin/punch-posts";
export const PUNCH_POSTS_KEY = [PUNCH_POSTS_PATH] as const;
/** The printable QR code of a post (opens in a new tab; printing records lastPrintedAt). */
export const punchQrPdfHref = (location: string) => `/api/admin/punch-qr-pdf?location=${encodeURIComponent(location)}`;

export function usePunchPosts() {
  return useQuery<z.infer<typeof punchPostListSchema>>({ queryKey: PUNCH_POSTS_KEY, queryFn: getQueryFn({ on401: "throw" }) });
}

function usePostMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: PUNCH_POSTS_KEY }) });
}

export const useCreatePunchPost = () =>
  usePostMutation((input: z.input<typeof createPunchPostSchema>) => apiRequest<PunchPost>("POST", PUNCH_POSTS_PATH, input));

export const useUpdatePunchPost = () =>
  usePostMutation(({ id, ...input }: { id: string; name?: string | null; place?: string | null }) =>
    apiRequest<PunchPost>("PATCH", `${PUNCH_POSTS_PATH}/${encodeURIComponent(id)}`, input),
  );

export const useRemovePunchPost = () => usePostMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `${PUNCH_POSTS_PATH}/${encodeURIComponent(id)}`));

export const useRotatePunchPost = () =>
  usePostMutation((location: string) => apiRequest<z.infer<typeof punchStationRotatedSchema>>("POST", "/api/admin/punch-stations/rotate", { location }));
