import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOfDateColumn, type DateKey } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/app-error";
import { centsPerHour, type RateFacts } from "@/lib/pay/cost";
import type { PayRate } from "@/lib/validations/pay";

/**
 * Whether the caller may see rates and cost figures: `pay.read`, and for an API key also its
 * `pay:read` scope. Answers that serve others too (the time card, a case, the schedule) carry cost
 * only when this holds, decided here on the server.
 */
export function canReadPay(caller: Pick<Caller, "role" | "via" | "apiKey"> | null | undefined): boolean {
  if (!caller || !can(caller, "pay.read")) return false;
  return caller.via !== "api-key" || Boolean(caller.apiKey?.scopes.includes("pay:read"));
}

export const payRateSelect = {
  id: true,
  userId: true,
  kind: true,
  amountCents: true,
  roleLabel: true,
  unitId: true,
  effectiveFrom: true,
  note: true,
  createdAt: true,
  updatedAt: true,
  unit: { select: { id: true, name: true } },
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.PayRateSelect;
type PayRateRow = Prisma.PayRateGetPayload<{ select: typeof payRateSelect }>;

export const toPayRate = (row: PayRateRow): PayRate => ({
  id: row.id,
  userId: row.userId,
  kind: row.kind,
  amountCents: row.amountCents,
  centsPerHour: centsPerHour(row),
  roleLabel: row.roleLabel,
  unit: row.unit,
  effectiveFrom: dateKeyOfDateColumn(row.effectiveFrom),
  note: row.note,
  setBy: row.createdBy ? { id: row.createdBy.id, name: `${row.createdBy.firstName} ${row.createdBy.lastName}`.trim() } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What an audit row keeps of a rate (before / after). */
export const rateSnapshot = (row: Pick<PayRateRow, "kind" | "amountCents" | "roleLabel" | "unitId" | "effectiveFrom" | "note">) => ({
  kind: row.kind,
  amountCents: row.amountCents,
  roleLabel: row.roleLabel,
  unitId: row.unitId,
  effectiveFrom: dateKeyOfDateColumn(row.effectiveFrom),
  note: row.note,
});

/** Every rate of these members, as the cost math reads them. One query. */
export async function loadRates(userIds: readonly string[]): Promise<Map<string, RateFacts[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.payRate.findMany({
    where: { userId: { in: [...userIds] } },
    select: { userId: true, kind: true, amountCents: true, roleLabel: true, unitId: true, effectiveFrom: true },
  });
  const out = new Map<string, RateFacts[]>();
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ kind: r.kind, amountCents: r.amountCents, roleLabel: r.roleLabel, unitId: r.unitId, effectiveFrom: dateKeyOfDateColumn(r.effectiveFrom) });
    out.set(r.userId, list);
  }
  return out;
}

/**
 * Refuses a rate taking effect (or having taken effect) on a day inside a locked pay period of the
 * member: 409 naming the period, `{ periodLocked: true, period: { start, end } }`.
 */
export async function assertRateDayOpen(tx: Pick<Prisma.TransactionClient, "payPeriodLock">, userId: string, day: DateKey): Promise<void> {
  const lock = await tx.payPeriodLock.findFirst({
    where: { userId, lockedAt: { not: null }, unlockedAt: null, periodStart: { lte: dateColumnOf(day) }, periodEnd: { gte: dateColumnOf(day) } },
    select: { periodStart: true, periodEnd: true },
  });
  if (!lock) return;
  const start = dateKeyOfDateColumn(lock.periodStart);
  const end = dateKeyOfDateColumn(lock.periodEnd);
  throw conflict(`The pay period ${longDay(start)} – ${longDay(end)} is locked: a rate cannot change inside it. Choose a day after ${longDay(end)}.`, {
    periodLocked: true,
    period: { start, end },
  });
}

export const RATE_NOT_FOUND = "Pay rate not found";
export const RATE_TAKEN = "The member already has a rate of this kind from that day: correct that one instead";
