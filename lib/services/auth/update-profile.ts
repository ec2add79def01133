import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { publicUserSelect, type PublicUser } from "./public-user";
import { recordAudit } from "@/lib/services/audit/record-audit";

/** PATCH /api/user: the caller's own first and last name (email and role are an admin's business). */
export async function updateProfile(caller: Caller, input: { firstName?: string; lastName?: string }): Promise<PublicUser> {
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: caller.userId }, select: { firstName: true, lastName: true } });
    const user = await tx.user.update({
      where: { id: caller.userId },
      data: { firstName: input.firstName, lastName: input.lastName },
      select: publicUserSelect,
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "user.profile_update",
      entityType: "user",
      entityId: caller.userId,
      before,
      after: { firstName: user.firstName, lastName: user.lastName },
    });
    return user;
  });
}
