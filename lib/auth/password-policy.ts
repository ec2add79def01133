import "server-only";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "@/lib/http/app-error";

/**
 * The password rule, after ASVS 5 (V6.2) and NIST SP 800-63B §3.1.1.2: at
 * least 8 characters (12 recommended, and the forms say so: lib/validations/auth.ts), no
 * composition rules, and a refusal of passwords that are known or guessable:
 * - one of the ~49,000 most common passwords of breach corpora, as ranked and maintained by
 *   zxcvbn-ts (@zxcvbn-ts/language-common), compared case-insensitively;
 * - one character repeated, a short block repeated (abcabcabc) or a straight run (abcdefgh,
 *   98765432);
 * - mostly the user's own name or email: what is left after removing them is under 4 characters.
 * Server-side only (the list is large); used on register, password change, reset and the
 * temporary passwords an administrator sets.
 */
export const PASSWORD_TOO_COMMON = "This password is too common or easy to guess: choose a longer, less predictable one (12 or more characters recommended)";
export const PASSWORD_HAS_PERSONAL_INFO = "Password must not be based on your name or email address";

let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));

export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const fold = (value: string) => value.normalize("NFKC").toLowerCase();

function isRepetitive(password: string): boolean {
  for (let unit = 1; unit <= 4; unit++) {
    if (password.length % unit === 0 && password.length / unit >= 2 && password === password.slice(0, unit).repeat(password.length / unit)) return true;
  }
  const codes = [...password].map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]);
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

function isPersonal(password: string, context: PasswordContext): boolean {
  const parts = [context.email?.split("@")[0], context.firstName, context.lastName, ...(context.email?.split("@")[0]?.split(/[^\p{L}\p{N}]+/u) ?? [])]
    .filter((p): p is string => Boolean(p))
    .map(fold)
    .filter((p) => p.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (parts.length === 0) return false;
  let rest = fold(password);
  for (const part of parts) rest = rest.split(part).join("");
  return rest.length < fold(password).length && rest.replace(/[^\p{L}\p{N}]/gu, "").length < 4;
}

/** Why this password is refused, or null when it is acceptable. Length is the schema's job. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const folded = fold(password);
  if (commonPasswords().has(folded) || isRepetitive(folded)) return PASSWORD_TOO_COMMON;
  if (isPersonal(password, context)) return PASSWORD_HAS_PERSONAL_INFO;
  return null;
}

/** 400 naming the field (`password`, `newPassword`, `temporaryPassword`) when the password is refused. */
export function assertPasswordAllowed(password: string, context: PasswordContext, field = "password"): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new AppError("BAD_REQUEST", problem, { field, fieldErrors: [{ path: field, message: problem }] });
}
