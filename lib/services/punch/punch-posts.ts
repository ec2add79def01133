import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { now } from "@/lib/auth/clock";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/validations/ids";
import type { CreatePunchPostInput, PunchPost, UpdatePunchPostInput } from "@/lib/validations/punch";

/**
 * Punch posts (/admin/punch-posts): the printed QR codes on the walls. A post is a row of
 * punch_stations keyed by its location (what the code carries); the screen adds a name and where
 * it hangs, shows when it was last printed and its key version, and removes posts. Removing
 * raises the key version too, so the copies on the wall stop punching at once; printing a removed
 * post (GET /api/admin/punch-qr-pdf) brings it back with that new version.
 */
export const POST_NOT_FOUND = "Punch post not found";
export const POST_EXISTS = "A punch post with this location already exists.";

const postSelect = {
  id: true,
  location: true,
  name: true,
  place: true,
  keyVersion: true,
  lastPrintedAt: true,
  rotatedAt: true,
  createdAt: true,
} satisfies Prisma.PunchStationSelect;

type Row = Prisma.PunchStationGetPayload<{ select: typeof postSelect }>;

const present = (row: Row): PunchPost => ({
  ...row,
  lastPrintedAt: row.lastPrintedAt?.toISOString() ?? null,
  rotatedAt: row.rotatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Every post that is not removed, by name (its location when it has none). A handful per business: no paging. */
export async function listPunchPosts(): Promise<{ items: PunchPost[] }> {
  const rows = await db.punchStation.findMany({ where: { deletedAt: null }, select: postSelect });
  const label = (r: Row) => (r.name ?? r.location).toLocaleLowerCase();
  rows.sort((a, b) => label(a).localeCompare(label(b)) || a.location.localeCompare(b.location));
  return { items: rows.map(present) };
}

/**
 * What the QR page calls the post whose code was scanned: its name, else the location key it
 * carries (a link to a location that is no post, or a removed one, shows the key as it came).
 */
export async function punchPostName(location: string): Promise<string> {
  const row = await db.punchStation.findFirst({ where: { location, deletedAt: null }, select: { name: true } });
  return row?.name?.trim() || location;
}

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

async function lockPost(tx: Prisma.TransactionClient, id: string) {
  const rows = await tx.$queryRaw<{ location: string }[]>`SELECT location FROM punch_stations WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (!rows[0]) throw notFound(POST_NOT_FOUND);
  return tx.punchStation.findUniqueOrThrow({ where: { location: rows[0].location }, select: postSelect });
}

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
