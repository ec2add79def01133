import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { ListMembersQuery, memberPageSchema } from "@/lib/validations/members";
import { memberSelect, toMemberDto } from "./shared";
import { containsText } from "@/lib/search/contains-text";
import type { z } from "zod";

export type MemberPage = z.input<typeof memberPageSchema>;

/**
 * Members for every signed-in user, filtered and paginated (two statements: the page with its
 * units, and the count). Emails and phone numbers only for admins, who may also search them.
 */
export async function listMembers(caller: Caller, query: ListMembersQuery): Promise<MemberPage> {
  const seesContact = can(caller, "members.read.contact");
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const where: Prisma.UserWhereInput = {
    ...MEMBERS_ONLY,
    ...(query.active === "all" ? {} : { isActive: query.active === "true" }),
    ...(query.role ? { role: query.role } : {}),
    ...(query.memberType ? { memberType: query.memberType } : {}),
    ...(query.unitId ? { memberships: { some: { unitId: query.unitId } } } : {}),
    AND: words.map((word) => ({
      OR: [
        { firstName: containsText(word) },
        { lastName: containsText(word) },
        ...(seesContact ? [{ email: containsText(word) }] : []),
      ],
    })),
  };
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      select: memberSelect,
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.user.count({ where }),
  ]);
  return { items: rows.map((row) => toMemberDto(row, seesContact)), total, page: query.page, pageSize: query.pageSize };
}
