import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Caller } from "@/lib/auth/resolve-caller";
import { apiRequest, clearAuthTokens, getQueryFn, isApiError } from "@/lib/api-client";
import { forgetKeptOnDevice } from "@/lib/offline/kept-my-day";
import type { z } from "zod";
import type { HomeView, preferencesSchema, TaskListDensity } from "@/lib/validations/auth";

type Preferences = z.infer<typeof preferencesSchema>;
import type {
  createInvitationSchema,
  deviceSessionSchema,
  invitationSchema,
  loginSchema,
  messageSchema,
  publicUserSchema,
  registerSchema,
  signInResponseSchema,
} from "@/lib/validations/auth";

/**
 * Auth state (spec §4): the signed-in user lives in the react-query cache under
 * ["/api/user"]; a 401 there means "signed out" (null), never an error. What the shell and the
 * dashboard call lives here; sign-in, registration, the profile's forms, devices and invitations
 * are in ./account.ts (what a sign-in answer needs, also /mobile-punch's, in ./sign-in.ts), so
 * the first load of every signed-in screen does not carry them.
 */

export const CURRENT_USER_KEY = ["/api/user"] as const;

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

/** Forgets everything the signed-in user had cached (in memory and on the device), then records "signed out". */
export function clearSignedInState(queryClient: QueryClient): void {
  clearAuthTokens();
  // What the device kept for opening without a signal (My day, the punch screens) is this person's.
  void forgetKeptOnDevice();
  queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(CURRENT_USER_KEY, null);
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
