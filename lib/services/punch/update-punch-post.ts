import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import type { PunchPost, UpdatePunchPostInput } from "@/lib/validations/punch";
import { POST_NOT_FOUND, lockPost, postSelect, present } from "./punch-posts";

export async function updatePunchPost(caller: Pick<Caller, "userId">, rawId: string, input: UpdatePunchPostInput): Promise<PunchPost> {
  const id = idOrNotFound(rawId, POST_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const before = await lockPost(tx, id);
    const row = await tx.punchStation.update({
      where: { location: before.location },
      data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.place !== undefined ? { place: input.place } : {}) },
      select: postSelect,
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "punch_post.update",
      entityType: "punch_station",
      entityId: row.id,
      before: { name: before.name, place: before.place },
      after: { name: row.name, place: row.place },
    });
    return present(row);
  });
}
