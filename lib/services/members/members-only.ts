import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The users that are members (admin, manager, staff): never a clinic's user (docs/clinics.md),
 * who has an account in the same table but is no member, on no list, picker, time card or
 * scoreboard. Every member list starts from it.
 */
export const MEMBERS_ONLY = { role: { not: "clinic" } } as const satisfies Prisma.UserWhereInput;
