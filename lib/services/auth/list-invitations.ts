import "server-only";
import { db } from "@/lib/db";
import { now } from "@/lib/auth/clock";
import type { Prisma } from "@/lib/generated/prisma/client";
import { invitationSelect, toInvitationView } from "./invitation-view";

/** Admin list, newest first, cursor-paginated; "pending" = still usable. */
export async function listInvitations(query: { status: "pending" | "all"; limit: number; cursor?: string }) {
  const at = now();
  const where: Prisma.InvitationWhereInput =
    query.status === "pending" ? { usedAt: null, revokedAt: null, expiresAt: { gt: at } } : {};
  const rows = await db.invitation.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
    select: invitationSelect,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => toInvitationView(row, at)),
    nextCursor: rows.length > query.limit ? page[page.length - 1].id : null,
  };
}
