/**
 * ALLOWED_EMAIL_DOMAINS: the company domains whose addresses may register without an invitation
 * code (docs/auth.md). Pure, so the registration form can apply the same rule the server does.
 */

/** "bfspets.com, @BFSmemorials.com" -> ["bfspets.com", "bfsmemorials.com"]; blank -> []. */
export function parseEmailDomains(value: string | undefined | null): string[] {
  return [
    ...new Set(
      (value ?? "")
        .split(/[,\s]+/)
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
        .filter(Boolean),
    ),
  ];
}

/** The address's domain is one of `domains` exactly (a sub-domain is another domain). */
export function isEmailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf("@");
  if (at < 1) return false;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domain !== "" && domains.includes(domain);
}
