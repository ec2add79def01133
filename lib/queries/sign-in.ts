import { saveAuthTokens, setStoredClientType } from "@/lib/api-client";
import type { CurrentUser, LoginResponse, PublicUser } from "./auth";

/** What a sign-in's answer needs (./account.ts's forms and /mobile-punch's own sign-in), out of the signed-in first load. */

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
