import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import type { ClientInfo } from "@/lib/auth/client-info";
import { now } from "@/lib/auth/clock";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import type { Role } from "@/lib/generated/prisma/enums";
import type { RegisterInput } from "@/lib/validations/auth";
import { createAuthSession, type SignInResult } from "./create-auth-session";
import { publicUserSelect } from "./public-user";
import { recordAudit } from "@/lib/services/audit/record-audit";

export const DUPLICATE_EMAIL = "An account with this email already exists";
export const INVITATION_REQUIRED = "An invitation code is required to register. Ask an administrator for one.";
export const INVITATION_INVALID = "This invitation code is invalid, expired or already used";

/** Serializes registrations, so two people racing on an empty database can't both become admin. */
const REGISTRATION_LOCK_KEY = 4_021_337;

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002" || (e as { code?: string })?.code === "23505";

/**
 * The first account on an empty users table becomes the admin. After that, registering needs
 * an unexpired, unrevoked, unused invitation code (bound to an email if the admin said so);
 * the new account takes the invitation's role and uses it up. Signs the new user in.
 */
export async function registerUser(input: RegisterInput, info: ClientInfo): Promise<SignInResult> {
  // Hash outside the transaction: it is the slow part and needs no lock.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_KEY}::bigint)`;
      const at = now();
      const isFirstUser = (await tx.user.findFirst({ select: { id: true } })) === null;

      let role: Role = "admin";
      let invitationId: string | null = null;
      if (!isFirstUser) {
        if (!input.invitationCode) {
          throw new AppError("BAD_REQUEST", INVITATION_REQUIRED, {
            fieldErrors: [{ path: "invitationCode", message: INVITATION_REQUIRED }],
          });
        }
        const invitation = await tx.invitation.findUnique({
          where: { codeHash: hashToken(input.invitationCode) },
          select: { id: true, email: true, role: true, expiresAt: true, usedAt: true, revokedAt: true },
        });
        if (!invitation || invitation.usedAt || invitation.revokedAt || invitation.expiresAt <= at) {
          throw new AppError("FORBIDDEN", INVITATION_INVALID);
        }
        if (invitation.email && invitation.email.toLowerCase() !== input.email) {
          throw new AppError("FORBIDDEN", "This invitation code was issued for a different email address");
        }
        role = invitation.role;
        invitationId = invitation.id;
      }

      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
        throw new AppError("CONFLICT", DUPLICATE_EMAIL);
      }
      const user = await tx.user.create({
        data: { email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, role },
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
        metadata: { role, invitationId, firstUser: isFirstUser, clientType: info.clientType, ip: info.ip },
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
}
