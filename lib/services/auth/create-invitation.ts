import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/app-error";
import { DAY_MS, addMs, now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";
import { generateInvitationCode, hashToken } from "@/lib/auth/tokens";
import { normalizeInvitationCode, type CreateInvitationInput } from "@/lib/validations/auth";
import { invitationSelect, toInvitationView } from "./invitation-view";
import { recordAudit } from "@/lib/services/audit/record-audit";

/**
 * An admin invites one person. The code is returned this once and only its hash is stored;
 * if it is lost, revoke it and create another.
 */
export async function createInvitation(caller: Caller, input: CreateInvitationInput) {
  return issueInvitation(caller, { email: input.email ?? null, role: input.role, clinicVendorId: null, expiresInDays: input.expiresInDays });
}

/**
 * The one way an invitation is made (a member's, or a clinic user's bound to its clinic): refused
 * when the address already has an account; the code returned once, its hash stored, audited.
 */
export async function issueInvitation(
  caller: Caller,
  input: { email: string | null; role: Prisma.InvitationUncheckedCreateInput["role"]; clinicVendorId: string | null; expiresInDays: number },
) {
  if (input.email && (await db.user.findUnique({ where: { email: input.email }, select: { id: true } }))) {
    throw new AppError("CONFLICT", "An account with this email already exists");
  }
  const code = generateInvitationCode();
  const at = now();
  const invitation = await db.$transaction(async (tx) => {
    const created = await tx.invitation.create({
      data: {
        codeHash: hashToken(normalizeInvitationCode(code)),
        email: input.email,
        role: input.role,
        clinicVendorId: input.clinicVendorId,
        createdById: caller.userId,
        expiresAt: addMs(at, input.expiresInDays * DAY_MS),
        createdAt: at,
      },
      select: invitationSelect,
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "invitation.create",
      entityType: "invitation",
      entityId: created.id,
      metadata: {
        role: input.role,
        email: input.email,
        ...(input.clinicVendorId ? { clinicVendorId: input.clinicVendorId } : {}),
        expiresAt: created.expiresAt.toISOString(),
      },
    });
    return created;
  });
  return { invitation: toInvitationView(invitation, at), code };
}
