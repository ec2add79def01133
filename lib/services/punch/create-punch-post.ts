import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreatePunchPostInput, PunchPost } from "@/lib/validations/punch";
import { POST_EXISTS, postSelect, present } from "./punch-posts";

export async function createPunchPost(caller: Pick<Caller, "userId">, input: CreatePunchPostInput): Promise<PunchPost> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ deleted_at: Date | null }[]>`SELECT deleted_at FROM punch_stations WHERE location = ${input.location} FOR UPDATE`;
    const existing = rows[0];
    if (existing && existing.deleted_at === null) throw conflict(POST_EXISTS, { field: "location" });
    // A removed post added again keeps its raised key version: its old printouts stay void.
    const row = existing
      ? await tx.punchStation.update({ where: { location: input.location }, data: { name: input.name, place: input.place, deletedAt: null }, select: postSelect })
      : await tx.punchStation.create({ data: { location: input.location, name: input.name, place: input.place }, select: postSelect });
    await recordAudit(tx, { actorId: caller.userId, action: "punch_post.create", entityType: "punch_station", entityId: row.id, after: { location: row.location, name: row.name, place: row.place } });
    return present(row);
  });
}
