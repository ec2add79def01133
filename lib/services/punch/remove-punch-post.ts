import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { now } from "@/lib/auth/clock";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import { POST_NOT_FOUND, lockPost } from "./punch-posts";

/** Removes a post from the screen and voids its printed codes (the key version goes up). */
export async function removePunchPost(caller: Pick<Caller, "userId">, rawId: string): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, POST_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const before = await lockPost(tx, id);
    const at = now();
    await tx.punchStation.update({ where: { location: before.location }, data: { deletedAt: at, keyVersion: { increment: 1 }, rotatedAt: at } });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "punch_post.remove",
      entityType: "punch_station",
      entityId: id,
      before: { location: before.location, name: before.name, keyVersion: before.keyVersion },
      after: { deletedAt: at, keyVersion: before.keyVersion + 1 },
    });
    return { ok: true as const };
  });
}
