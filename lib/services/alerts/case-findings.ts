import "server-only";
import { STATION_LABELS } from "@/lib/cases/stations";
import { addDays, dateColumnOf, dateKeyOf, dateKeyOfDateColumn } from "@/lib/dates";
import { startOfDay } from "@/lib/dates/instants";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { Finding } from "./finding";

type Db = PrismaClient | Prisma.TransactionClient;
const HOUR = 3_600_000;
const LIMIT = 5000;

function duration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const caseFinding = (c: { id: string; number: string }, occurrence: string, message: string): Finding => ({
  subjectType: "case",
  subjectId: c.id,
  occurrence,
  userId: null,
  taskId: null,
  unitId: null,
  href: `/cases/${c.number}`,
  message,
  // A case belongs to no member or department: the rule's managers, admins, creator and named members hear of it.
  subjectUserIds: [],
  unitIds: [],
  task: null,
  memberName: null,
});

/**
 * The alert rule kinds of memorial cases (docs/alerts.md, docs/cases.md "Oversight"):
 *  - case_at_step: an open case has been at its current step (since intake is scanned, or since
 *    it was created) longer than N hours; one alert per step reached (the occurrence);
 *  - case_return_overdue: an open private or partitioned case not yet returned more than N hours
 *    after the end of its promised return day (business time zone).
 */
export async function findCaseConditions(db: Db, kind: "case_at_step" | "case_return_overdue", threshold: number, now: Date): Promise<Finding[]> {
  if (kind === "case_at_step") {
    const before = new Date(now.getTime() - threshold * HOUR);
    const rows = await db.memorialCase.findMany({
      where: { status: "open", OR: [{ currentStationAt: { lt: before } }, { currentStationAt: null, receivedAt: { lt: before } }] },
      select: { id: true, number: true, petName: true, currentStation: true, currentStationAt: true, receivedAt: true },
      take: LIMIT,
    });
    return rows.map((c) => {
      const since = c.currentStationAt ?? c.receivedAt;
      const step = c.currentStation ? STATION_LABELS[c.currentStation] : "Created, not yet scanned in";
      return caseFinding(c, `${c.currentStation ?? "created"}:${since.toISOString()}`, `${c.number} (${c.petName}) at "${step}" for ${duration(now.getTime() - since.getTime())}`);
    });
  }
  // The promised day has ended (its next midnight) at least N hours ago.
  const lastDay = dateKeyOf(new Date(now.getTime() - threshold * HOUR));
  const rows = await db.memorialCase.findMany({
    where: { status: "open", serviceType: { not: "communal" }, promisedReturnDate: { lt: dateColumnOf(lastDay) } },
    select: { id: true, number: true, petName: true, promisedReturnDate: true },
    take: LIMIT,
  });
  return rows
    .map((c) => {
      const day = dateKeyOfDateColumn(c.promisedReturnDate!);
      const ended = startOfDay(addDays(day, 1));
      return { c, day, late: now.getTime() - ended.getTime() };
    })
    .filter(({ late }) => late > threshold * HOUR)
    .map(({ c, day, late }) => caseFinding(c, `return:${day}`, `${c.number} (${c.petName}) was promised back on ${day}; ${duration(late)} past that day`));
}
