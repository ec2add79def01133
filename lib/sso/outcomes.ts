/**
 * What the sign-in page says after a single sign-on attempt (`/?sso=<code>`, docs/auth.md). Its
 * own module, without zod: the dashboard's "account linked" toast and the sign-in page import it,
 * and the SSO settings' schemas (lib/validations/sso.ts) would bring zod into their first load.
 */

/** The outcomes the sign-in page explains (`/?sso=<code>`). */
export const SSO_OUTCOMES = ["linked", "expired", "invalid", "unverified", "domain", "no-account", "deactivated", "cancelled", "unavailable", "conflict", "limited"] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];

export const SSO_DEACTIVATED = "This account has been deactivated";

/** The sentence for each refusal, with the provider's name ("Google"). */
export function ssoOutcomeMessage(outcome: SsoOutcome, provider: string): string {
  switch (outcome) {
    case "linked":
      return `Your account is now linked to ${provider}: next time, use "Sign in with ${provider}". Your password still works unless an administrator requires single sign-on.`;
    case "expired":
      return `The sign-in with ${provider} expired or was started in another tab. Try again.`;
    case "invalid":
      return `The answer from ${provider} could not be verified, so you were not signed in. Try again, or tell an administrator.`;
    case "unverified":
      return `Your email address at ${provider} is not verified, so it cannot be used to sign in.`;
    case "domain":
      return "This email address is not at the company's domain. Sign in with your work account.";
    case "no-account":
      return "There is no BFS Tasks account for this email address. Ask an administrator for an invitation.";
    case "deactivated":
      return SSO_DEACTIVATED;
    case "cancelled":
      return `The sign-in with ${provider} was cancelled.`;
    case "unavailable":
      return `Sign-in with ${provider} is not available right now. Try again later, or tell an administrator.`;
    case "conflict":
      return `This account is already linked to another ${provider} account. Ask an administrator.`;
    case "limited":
      return "Too many sign-in attempts. Wait a few minutes and try again.";
  }
}

export const requireSsoMessage = (provider: string) => `Your administrator requires signing in with ${provider}: use the "Sign in with ${provider}" button.`;
