import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getClientType } from "@/lib/api-client";
import type { z } from "zod";
import type {
  invitationCreatedSchema,
  invitationListSchema,
  invitationRevokedSchema,
  messageSchema,
  sessionListSchema,
  sessionRevokedSchema,
  sessionsRevokedSchema,
} from "@/lib/validations/auth";
import {
  AUTH_PATHS,
  CURRENT_USER_KEY,
  type CreateInvitationInput,
  type LoginInput,
  type LoginResponse,
  type PublicUser,
  type RegisterInput,
} from "./auth";
import { acceptLoginResponse } from "./sign-in";

/**
 * The account's own screens (spec §4): sign-in and registration, the profile's name and
 * password, signed-in devices, password reset and invitations. The signed-in user's cache entry
 * and sign-out are in ./auth.ts, which every screen loads.
 */

export const SESSIONS_KEY = ["/api/auth/sessions"] as const;
export const INVITATIONS_KEY = ["/api/invitations"] as const;

/** Browsers get a cookie; iPhone/iPad or forceMobileAuth clients ask for tokens (spec §6). */
function clientField(): { client?: "mobile" } {
  return getClientType() === "mobile" ? { client: "mobile" } : {};
}

/** Signing in or registering: either way a new session starts on this tab. */
function useStartSession<Input extends object>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => acceptLoginResponse(await apiRequest<LoginResponse>("POST", path, { ...input, ...clientField() })),
    onSuccess: (user) => {
      // A different person may sign in on this tab: nothing of the previous one may show.
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

export const useLogin = () => useStartSession<LoginInput>(AUTH_PATHS.login);

export const useRegister = () => useStartSession<RegisterInput>(AUTH_PATHS.register);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { firstName: string; lastName: string }) => apiRequest<PublicUser>("PATCH", AUTH_PATHS.user, input),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest<z.infer<typeof messageSchema>>("POST", AUTH_PATHS.changePassword, input),
    // Other devices were signed out by the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useSessions() {
  return useQuery<z.infer<typeof sessionListSchema>>({ queryKey: SESSIONS_KEY });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<z.infer<typeof sessionsRevokedSchema>>("DELETE", `${AUTH_PATHS.sessions}?scope=others`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<z.infer<typeof sessionRevokedSchema>>("DELETE", `${AUTH_PATHS.sessions}/${encodeURIComponent(sessionId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => apiRequest<z.infer<typeof messageSchema>>("POST", AUTH_PATHS.passwordResetRequest, input),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest<z.infer<typeof messageSchema>>("POST", AUTH_PATHS.passwordResetConfirm, input),
  });
}

export function useInvitations(options: { enabled?: boolean } = {}) {
  return useQuery<z.infer<typeof invitationListSchema>>({
    queryKey: [...INVITATIONS_KEY, { status: "all" }],
    enabled: options.enabled ?? true,
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiRequest<z.infer<typeof invitationCreatedSchema>>("POST", AUTH_PATHS.invitations, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<z.infer<typeof invitationRevokedSchema>>("DELETE", `${AUTH_PATHS.invitations}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}
