import "server-only";
import { now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { issueInvitation } from "@/lib/services/auth/create-invitation";
import { invitationSelect, toInvitationView } from "@/lib/services/auth/invitation-view";
import { idOrNotFound } from "@/lib/services/org/shared";
import type { CreateClinicInvitationInput } from "@/lib/validations/clinics";

export const CLINIC_NOT_FOUND = "Clinic not found";

/** The vendor a path names, when it is a clinic (404 otherwise: a supplier has no portal users). */
async function clinicOf(rawId: unknown): Promise<{ id: string; name: string }> {
  const id = idOrNotFound(rawId, CLINIC_NOT_FOUND);
  const clinic = await db.vendor.findFirst({ where: { id, kind: "clinic" }, select: { id: true, name: true } });
  if (!clinic) throw notFound(CLINIC_NOT_FOUND);
  return clinic;
}

/**
 * POST /api/vendors/{id}/clinic-invitations: an admin invites one person, by e-mail, to the
 * clinic's portal. The same invitation as a member's (code shown once, only its hash stored,
 * registration through /api/register with the same password rules), bound to the address and
 * to the clinic: the account it makes is a clinic user (role "clinic"), never a member.
 */
export async function createClinicInvitation(caller: Caller, rawVendorId: unknown, input: CreateClinicInvitationInput) {
  const clinic = await clinicOf(rawVendorId);
  return issueInvitation(caller, { email: input.email, role: "clinic", clinicVendorId: clinic.id, expiresInDays: input.expiresInDays });
}

/** GET /api/vendors/{id}/clinic-users: the clinic's users and its invitations, newest first. */
export async function listClinicUsers(rawVendorId: unknown) {
  const clinic = await clinicOf(rawVendorId);
  const at = now();
  const [users, invitations] = await Promise.all([
    db.user.findMany({
      where: { clinicVendorId: clinic.id },
      select: { id: true, firstName: true, lastName: true, email: true, isActive: true, createdAt: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
    }),
    db.invitation.findMany({ where: { clinicVendorId: clinic.id }, select: invitationSelect, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 100 }),
  ]);
  return {
    users: users.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email, isActive: u.isActive, createdAt: u.createdAt })),
    invitations: invitations.map((row) => {
      const view = toInvitationView(row, at);
      return { id: view.id, email: view.email, status: view.status, expiresAt: view.expiresAt, createdAt: view.createdAt };
    }),
  };
}
