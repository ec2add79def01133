import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import type { ClientInfo } from "@/lib/auth/client-info";
import { now } from "@/lib/auth/clock";
import { hashPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { hashToken } from "@/lib/auth/tokens";
import type { Role } from "@/lib/generated/prisma/enums";
import { INVITATION_REQUIRED, type RegisterInput } from "@/lib/validations/auth";
import { isEmailDomainAllowed } from "@/lib/auth/email-domains";
import { createAuthSession, type SignInResult } from "./create-auth-session";
import { allowedEmailDomains } from "./get-registration-policy";
import { publicUserSelect } from "./public-user";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { requireSsoMessage } from "@/lib/sso/outcomes";
import { passwordSignInRefusal } from "./sso/settings";

export const DUPLICATE_EMAIL = "An account with this email already exists";
export const INVITATION_INVALID = "This invitation code is invalid, expired or already used";
export const DUPLICATE_EMAIL_CODE_USED = `${DUPLICATE_EMAIL}. The invitation code is now used up: sign in with that email, or ask an administrator for a new code.`;

const DUPLICATE = Symbol("duplicate email");

/** Serializes registrations, so two people racing on an empty database can't both become admin. */
export const REGISTRATION_LOCK_KEY = 4_021_337;


/**
 * The first account on an empty users table becomes the admin. After that, registering needs
 * an unexpired, unrevoked, unused invitation code (bound to an email if the admin said so; the
 * new account takes the invitation's role and uses it up), or, without a code, an address at one
 * of the ALLOWED_EMAIL_DOMAINS (the account is staff). An attempt with a valid code for an email
 * that already has an account uses the code up too (409), so that one code cannot test whether
 * many emails are registered. Signs the new user in.
 */
export async function registerUser(input: RegisterInput, info: ClientInfo): Promise<SignInResult> {
  // Where the admin requires single sign-on, accounts come from the provider, not from a password.
  const ssoProvider = await passwordSignInRefusal(null);
  if (ssoProvider) throw new AppError("FORBIDDEN", requireSsoMessage(ssoProvider), { ssoRequired: true });
  assertPasswordAllowed(input.password, input);
  // Hash outside the transaction: it is the slow part and needs no lock.
  const passwordHash = await hashPassword(input.password);
  let result: SignInResult | typeof DUPLICATE;
  try {
    result = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_KEY}::bigint)`;
      const at = now();
      const isFirstUser = (await tx.user.findFirst({ select: { id: true } })) === null;

      let role: Role = "admin";
      let invitationId: string | null = null;
      // A clinic's invitation (docs/clinics.md) makes a clinic user of that clinic, not a member.
      let clinicVendorId: string | null = null;
      let via: "first-account" | "invitation" | "email-domain" = "first-account";
      if (!isFirstUser && !input.invitationCode && isEmailDomainAllowed(input.email, allowedEmailDomains())) {
        role = "staff";
        via = "email-domain";
      } else if (!isFirstUser) {
        via = "invitation";
        if (!input.invitationCode) {
          throw new AppError("BAD_REQUEST", INVITATION_REQUIRED, {
            fieldErrors: [{ path: "invitationCode", message: INVITATION_REQUIRED }],
          });
        }
        const invitation = await tx.invitation.findUnique({
          where: { codeHash: hashToken(input.invitationCode) },
          select: { id: true, email: true, role: true, clinicVendorId: true, expiresAt: true, usedAt: true, revokedAt: true },
        });
        if (!invitation || invitation.usedAt || invitation.revokedAt || invitation.expiresAt <= at) {
          throw new AppError("FORBIDDEN", INVITATION_INVALID);
        }
        if (invitation.email && invitation.email.toLowerCase() !== input.email) {
          throw new AppError("FORBIDDEN", "This invitation code was issued for a different email address");
        }
        role = invitation.role;
        clinicVendorId = invitation.clinicVendorId;
        invitationId = invitation.id;
      }

      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
        // The code is used up by this attempt: one code can't probe many emails.
        if (invitationId) await tx.invitation.updateMany({ where: { id: invitationId, usedAt: null, revokedAt: null }, data: { revokedAt: at } });
        return DUPLICATE;
      }
      const user = await tx.user.create({
        data: { email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, role, clinicVendorId },
        select: publicUserSelect,
      });
      if (invitationId) {
        // Scoped write: only an invitation that is still unused flips, whatever happened since the read.
        const used = await tx.invitation.updateMany({
          where: { id: invitationId, usedAt: null, revokedAt: null, expiresAt: { gt: at } },
          data: { usedAt: at, usedById: user.id },
        });
        if (used.count !== 1) throw new AppError("FORBIDDEN", INVITATION_INVALID);
      }
      await recordAudit(tx, {
        actorId: user.id,
        action: "auth.register",
        entityType: "user",
        entityId: user.id,
        metadata: { role, clinicVendorId, invitationId, via, firstUser: isFirstUser, clientType: info.clientType, ip: info.ip },
      });
      const result = await createAuthSession(tx, user, info);
      await recordAudit(tx, {
        actorId: user.id,
        action: "auth.login",
        entityType: "user",
        entityId: user.id,
        metadata: { sessionId: result.session.id, clientType: info.clientType, ip: info.ip, via: "register" },
      });
      return result;
    });
  } catch (error) {
    // The advisory lock makes this unlikely; a user created by another path (seed, admin) still lands here.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", DUPLICATE_EMAIL);
    throw error;
  }
  if (result === DUPLICATE) {
    throw new AppError("CONFLICT", input.invitationCode ? DUPLICATE_EMAIL_CODE_USED : DUPLICATE_EMAIL, input.invitationCode ? { invitationUsedUp: true } : {});
  }
  return result;
}
