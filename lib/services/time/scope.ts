import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import type { z } from "zod";
import type { timeLogSchema } from "@/lib/validations/time";

export const MEMBER_TIME_NOT_FOUND = "Member not found";

/**
 * Whose time a caller may read: everyone their own; admins (`time.read.all`) every
 * member; managers (`time.read.team`) the members of the units they belong to (there is no
 * separate "manager of" link: a manager manages the units they are a member of). The same 404
 * for "not yours" and "no such member", by id and by range.
 */
export function viewableMembersWhere(caller: Pick<Caller, "userId" | "role">): Prisma.UserWhereInput {
  if (can(caller, "time.read.all")) return MEMBERS_ONLY;
  if (can(caller, "time.read.team")) {
    return {
      OR: [{ id: caller.userId }, { memberships: { some: { unit: { memberships: { some: { userId: caller.userId } } } } } }],
    };
  }
  return { id: caller.userId };
}

export type TimeMember = z.input<typeof timeLogSchema>["member"];

const memberSelect = { id: true, firstName: true, lastName: true, email: true, memberType: true, isActive: true } as const;

/** The member whose time is read, or 404 when the caller may not see it. */
export async function memberForTime(caller: Pick<Caller, "userId" | "role">, userId: string | undefined): Promise<TimeMember> {
  const id = userId ?? caller.userId;
  const member = await db.user.findFirst({ where: { AND: [{ id }, viewableMembersWhere(caller)] }, select: memberSelect });
  if (!member) throw notFound(MEMBER_TIME_NOT_FOUND);
  return member;
}

/** The members a caller may pick on /time-logs (themselves first), by name. */
export async function listTimeMembers(caller: Pick<Caller, "userId" | "role">): Promise<TimeMember[]> {
  const members = await db.user.findMany({
    where: viewableMembersWhere(caller),
    select: memberSelect,
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    take: 1000,
  });
  return [...members.filter((m) => m.id === caller.userId), ...members.filter((m) => m.id !== caller.userId)];
}
