import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/auth/secret";
import { now } from "@/lib/auth/clock";
import { db } from "@/lib/db";

/**
 * Signed punch QR codes. A plain link to /punch-authenticated?auto=true once
 * punched any signed-in visitor in, from any site, at any location. The printed code now
 * carries `v` (the post's key version) and `sig` = HMAC-SHA256 over the version and the
 * location (first 16 bytes, base64url), keyed by a key derived from NEXTAUTH_SECRET. Only a
 * link whose signature matches the post's current version punches at once; anything else asks
 * "Punch in at <location>?" first. Rotating a post (rotatePunchStation) raises its version, so
 * every older printout of that post stops punching by itself; changing NEXTAUTH_SECRET does the
 * same for every post.
 */
export interface SignedPunchLocation {
  location: string;
  keyVersion: number;
  signature: string;
}

const signingKey = () => createHmac("sha256", getAuthSecret()).update("bfs-tasks punch-qr signing key").digest();

export function signPunchLocation(location: string, keyVersion: number): string {
  return createHmac("sha256", signingKey()).update(`${keyVersion}\n${location}`).digest().subarray(0, 16).toString("base64url");
}

/**
 * The post's current key version for a printout, creating the post (version 1) on its first one.
 * Records when it was printed; printing a removed post brings it back (with the raised version
 * its removal gave it, so older copies stay void).
 */
export async function currentPunchStation(location: string): Promise<SignedPunchLocation> {
  const printedAt = now();
  const station = await db.punchStation.upsert({
    where: { location },
    create: { location, lastPrintedAt: printedAt },
    update: { lastPrintedAt: printedAt, deletedAt: null },
    select: { keyVersion: true },
  });
  return { location, keyVersion: station.keyVersion, signature: signPunchLocation(location, station.keyVersion) };
}

/** Voids every printed code of this post: its next printout carries the new version. */
export async function rotatePunchStation(location: string): Promise<SignedPunchLocation> {
  const station = await db.punchStation.upsert({
    where: { location },
    create: { location, keyVersion: 2, rotatedAt: now() },
    update: { keyVersion: { increment: 1 }, rotatedAt: now() },
    select: { keyVersion: true },
  });
  return { location, keyVersion: station.keyVersion, signature: signPunchLocation(location, station.keyVersion) };
}

/** True only for the signature of the post's current key version. */
export async function verifyPunchQr(input: { location: string; keyVersion?: string | null; signature?: string | null }): Promise<boolean> {
  const version = Number(input.keyVersion);
  if (!input.signature || !Number.isInteger(version) || version < 1) return false;
  const expected = Buffer.from(signPunchLocation(input.location, version));
  const given = Buffer.from(input.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const station = await db.punchStation.findUnique({ where: { location: input.location }, select: { keyVersion: true, deletedAt: true } });
  return station?.keyVersion === version && station.deletedAt === null;
}
