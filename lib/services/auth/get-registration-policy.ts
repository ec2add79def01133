import "server-only";
import { db } from "@/lib/db";
import { parseEmailDomains } from "@/lib/auth/email-domains";
import type { RegistrationPolicy } from "@/lib/validations/auth";

/** Read at request time, so changing ALLOWED_EMAIL_DOMAINS needs a restart, not a rebuild. */
export function allowedEmailDomains(): string[] {
  return parseEmailDomains(process.env.ALLOWED_EMAIL_DOMAINS);
}

/** What the login page tells a visitor about creating an account (docs/auth.md). */
export async function getRegistrationPolicy(): Promise<RegistrationPolicy> {
  const anyUser = await db.user.findFirst({ select: { id: true } });
  return { firstAccount: anyUser === null, allowedEmailDomains: allowedEmailDomains() };
}
