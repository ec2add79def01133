import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The user as the client sees it (spec §3 "bare user"): never the hash, never flags it has no use for. */
export const publicUserSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  memberType: true,
  mustChangePassword: true,
} satisfies Prisma.UserSelect;

export type PublicUser = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;


/** Drops everything else a row may carry (hash, flags) — explicit, so a new column never leaks. */
export const toPublicUser = (u: PublicUser): PublicUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  memberType: u.memberType,
  mustChangePassword: u.mustChangePassword,
});
