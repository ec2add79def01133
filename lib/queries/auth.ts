import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Caller } from "@/lib/auth/resolve-caller";
import {
  apiRequest,
  clearAuthTokens,
  getClientType,
  getQueryFn,
  isApiError,
  saveAuthTokens,
  setStoredClientType,
} from "@/lib/api-client";
import type { z } from "zod";
import type { HomeView, preferencesSchema, TaskListDensity } from "@/lib/validations/auth";

type Preferences = z.infer<typeof preferencesSchema>;
import type {
  createInvitationSchema,
  deviceSessionSchema,
  invitationCreatedSchema,
  invitationListSchema,
  invitationRevokedSchema,
  invitationSchema,
  loginSchema,
  messageSchema,
  publicUserSchema,
  registerSchema,
  sessionListSchema,
  sessionRevokedSchema,
  sessionsRevokedSchema,
  signInResponseSchema,
} from "@/lib/validations/auth";

/**
 * Auth state (spec §4): the signed-in user lives in the react-query cache under
 * ["/api/user"]; a 401 there means "signed out" (null), never an error.
 */

export const CURRENT_USER_KEY = ["/api/user"] as const;
export const SESSIONS_KEY = ["/api/auth/sessions"] as const;
export const INVITATIONS_KEY = ["/api/invitations"] as const;

/** The sign-in, registration, invitation and profile endpoints, in one place. */
export const AUTH_PATHS = {
  user: "/api/user",
  login: "/api/login",
  register: "/api/register",
  logout: "/api/logout",
  sessions: "/api/auth/sessions",
  changePassword: "/api/auth/change-password",
  passwordResetRequest: "/api/auth/password-reset",
  passwordResetConfirm: "/api/auth/password-reset/confirm",
  invitations: "/api/invitations",
} as const;

/** The signed-in user as GET /api/user returns it. */
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * What the ["/api/user"] cache holds: GET /api/user's answer, or the caller a server page hands
 * over (callerToUser), which does not carry the member type.
 */
export type CurrentUser = Omit<PublicUser, "memberType"> & Partial<Pick<PublicUser, "memberType">>;

/**
 * The caller as the client's ["/api/user"] cache holds it (the same fields GET /api/user
 * returns), for server pages that hand it to the client. Here rather than in the shell so a
 * page outside the shell (/mobile-punch) does not pull the shell's client code in.
 */
export function callerToUser(caller: Pick<Caller, "userId" | "email" | "firstName" | "lastName" | "role" | "mustChangePassword">): CurrentUser {
  return { id: caller.userId, email: caller.email, firstName: caller.firstName, lastName: caller.lastName, role: caller.role, mustChangePassword: caller.mustChangePassword };
}

/** Login and register answer with a bare user (browser) or { user, auth } (mobile client), spec §3. */
export type LoginResponse = z.infer<typeof signInResponseSchema>;

export type LoginInput = Pick<z.input<typeof loginSchema>, "email" | "password">;
export type RegisterInput = Omit<z.input<typeof registerSchema>, "client">;
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** The display name used by the toasts ("Logged in as {name}"). */
export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(" ");
  return name || user.email;
}

/** Unwraps a login/register answer; stores the mobile tokens (spec §3 storage keys) when present. */
export function acceptLoginResponse(response: LoginResponse): PublicUser {
  if ("auth" in response) {
    saveAuthTokens(response.auth);
    setStoredClientType("mobile");
    return response.user;
  }
  return response;
}

/** Browsers get a cookie; iPhone/iPad or forceMobileAuth clients ask for tokens (spec §6). */
function clientField(): { client?: "mobile" } {
  return getClientType() === "mobile" ? { client: "mobile" } : {};
}

/**
 * The signed-in user, or null when signed out (GET /api/user: 401 → null, no retry).
 * `initialUser` lets a server component hand over the caller it already resolved.
 */
export function useCurrentUser(options: { initialUser?: CurrentUser | null } = {}) {
  return useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    retry: false,
    ...(options.initialUser !== undefined ? { initialData: options.initialUser } : {}),
  });
}

/** Forgets everything the signed-in user had cached, then records "signed out". */
export function clearSignedInState(queryClient: QueryClient): void {
  clearAuthTokens();
  queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(CURRENT_USER_KEY, null);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      acceptLoginResponse(await apiRequest<LoginResponse>("POST", AUTH_PATHS.login, { ...input, ...clientField() })),
    onSuccess: (user) => {
      // A different person may sign in on this tab: nothing of the previous one may show.
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      acceptLoginResponse(await apiRequest<LoginResponse>("POST", AUTH_PATHS.register, { ...input, ...clientField() })),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

/** Ends the session on the server, then clears stored tokens and the user (spec §4), success or not. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<z.infer<typeof messageSchema>>("POST", AUTH_PATHS.logout),
    onSuccess: () => clearSignedInState(queryClient),
    // A 401 means the server had already ended the session: the client state must go too.
    onError: (error) => {
      if (isApiError(error) && error.status === 401) clearSignedInState(queryClient);
    },
  });
}

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

/** PATCH /api/user/preferences: remembers what `/` opens on (My day or the Task List) for this member. */
export function useSaveHomeView() {
  return useMutation({
    mutationFn: (homeView: HomeView) => apiRequest<Preferences>("PATCH", "/api/user/preferences", { homeView }),
  });
}

/** PATCH /api/user/preferences: remembers the task list's density (comfortable or compact) for this member. */
export function useSaveTaskListDensity() {
  return useMutation({
    mutationFn: (taskListDensity: TaskListDensity) => apiRequest<Preferences>("PATCH", "/api/user/preferences", { taskListDensity }),
  });
}
