import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import type { PunchPost } from "@/lib/validations/punch";

/**
 * Punch posts (/admin/punch-posts): the printed QR codes on the walls. A post is a row of
 * punch_stations keyed by its location (what the code carries); the screen adds a name and where
 * it hangs, shows when it was last printed and its key version, and removes posts. Removing
 * raises the key version too, so the copies on the wall stop punching at once; printing a removed
 * post (GET /api/admin/punch-qr-pdf) brings it back with that new version.
 */
export const POST_NOT_FOUND = "Punch post not found";

export const POST_EXISTS = "A punch post with this location already exists.";

export const postSelect = {
  id: true,
  location: true,
  name: true,
  place: true,
  keyVersion: true,
  lastPrintedAt: true,
  rotatedAt: true,
  createdAt: true,
} satisfies Prisma.PunchStationSelect;

export type Row = Prisma.PunchStationGetPayload<{ select: typeof postSelect }>;

export const present = (row: Row): PunchPost => ({
  ...row,
  lastPrintedAt: row.lastPrintedAt?.toISOString() ?? null,
  rotatedAt: row.rotatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * What the QR page calls the post whose code was scanned: its name, else the location key it
 * carries (a link to a location that is no post, or a removed one, shows the key as it came).
 */
export async function punchPostName(location: string): Promise<string> {
  const row = await db.punchStation.findFirst({ where: { location, deletedAt: null }, select: { name: true } });
  return row?.name?.trim() || location;
}

export async function lockPost(tx: Prisma.TransactionClient, id: string) {
  const rows = await tx.$queryRaw<{ location: string }[]>`SELECT location FROM punch_stations WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (!rows[0]) throw notFound(POST_NOT_FOUND);
  return tx.punchStation.findUniqueOrThrow({ where: { location: rows[0].location }, select: postSelect });
}
