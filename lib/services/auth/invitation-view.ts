import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

const personSelect = { id: true, firstName: true, lastName: true, email: true } satisfies Prisma.UserSelect;

export const invitationSelect = {
  id: true,
  email: true,
  role: true,
  expiresAt: true,
  usedAt: true,
  revokedAt: true,
  createdAt: true,
  createdBy: { select: personSelect },
  usedBy: { select: personSelect },
} satisfies Prisma.InvitationSelect;

type InvitationRow = Prisma.InvitationGetPayload<{ select: typeof invitationSelect }>;

export type InvitationStatus = "pending" | "used" | "revoked" | "expired";

/** The invitation as admins see it: never the code or its hash, plus a derived status. */
export function toInvitationView(row: InvitationRow, at: Date) {
  const status: InvitationStatus = row.usedAt ? "used" : row.revokedAt ? "revoked" : row.expiresAt <= at ? "expired" : "pending";
  return { ...row, status };
}
