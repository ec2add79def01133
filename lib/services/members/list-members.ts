import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { ListMembersQuery } from "@/lib/validations/org";
import { memberSelect, toMemberDto, type MemberDto } from "./shared";

export interface MemberPage {
  items: MemberDto[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Members for every signed-in user, filtered and paginated (two statements: the page with its
 * units, and the count). Emails and phone numbers only for admins, who may also search them.
 */
export async function listMembers(caller: Caller, query: ListMembersQuery): Promise<MemberPage> {
  const isAdmin = caller.role === "admin";
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const where: Prisma.UserWhereInput = {
    ...(query.active === "all" ? {} : { isActive: query.active === "true" }),
    ...(query.role ? { role: query.role } : {}),
    ...(query.memberType ? { memberType: query.memberType } : {}),
    ...(query.unitId ? { memberships: { some: { unitId: query.unitId } } } : {}),
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: "insensitive" as const } },
        { lastName: { contains: word, mode: "insensitive" as const } },
        ...(isAdmin ? [{ email: { contains: word, mode: "insensitive" as const } }] : []),
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
  return { items: rows.map((row) => toMemberDto(row, isAdmin)), total, page: query.page, pageSize: query.pageSize };
}
