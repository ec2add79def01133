/** Shared arrangement for the alerts tests (not a test file itself). */
import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";
import { addMembership, createUnit, createUser } from "@/prisma/factories";
import { combineDayAndTime } from "@/lib/dates/day-time";

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** A business-zone wall-clock instant: at("2026-11-18", "09:15"). */
export const at = (day: string, time = "00:00") => combineDayAndTime(day, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), "start");

export async function rule(db: PrismaClient, createdById: string, data: Partial<Prisma.AlertRuleUncheckedCreateInput> & { kind: string; config: { threshold: number; criticalThreshold?: number } }) {
  return db.alertRule.create({ data: { name: `Rule ${data.kind} ${Math.random().toString(36).slice(2, 6)}`, createdById, ...data } });
}

/** A fresh department with one staff member in it. */
export async function team(db: PrismaClient, role: "staff" | "manager" | "admin" = "staff") {
  const unit = await createUnit(db, {});
  const member = await createUser(db, { role });
  await addMembership(db, unit.id, member.id);
  return { unit, member };
}
