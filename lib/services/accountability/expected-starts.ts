import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { minutesToTime } from "@/lib/validations/accountability";

type Db = PrismaClient | Prisma.TransactionClient;

export interface ExpectedStartOf {
  minutes: number;
  time: string;
  /** "member" when set on the member, "unit" when it comes from one of their units. */
  source: "member" | "unit";
}

/**
 * When each member is expected to punch in on a business day: their own expected start, else
 * the earliest of their units'. Members with neither have none (no missed or late punch-ins).
 */
export async function loadExpectedStarts(db: Db, userIds: string[]): Promise<Map<string, ExpectedStartOf>> {
  const result = new Map<string, ExpectedStartOf>();
  if (userIds.length === 0) return result;
  const [own, memberships] = await Promise.all([
    db.expectedStart.findMany({ where: { userId: { in: userIds } }, select: { userId: true, startMinutes: true } }),
    db.unitMembership.findMany({ where: { userId: { in: userIds }, unit: { expectedStart: { isNot: null } } }, select: { userId: true, unit: { select: { expectedStart: { select: { startMinutes: true } } } } } }),
  ]);
  for (const m of memberships) {
    const minutes = m.unit.expectedStart?.startMinutes;
    if (minutes === undefined) continue;
    const current = result.get(m.userId);
    if (!current || minutes < current.minutes) result.set(m.userId, { minutes, time: minutesToTime(minutes), source: "unit" });
  }
  for (const row of own) if (row.userId) result.set(row.userId, { minutes: row.startMinutes, time: minutesToTime(row.startMinutes), source: "member" });
  return result;
}
