import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { payPeriodOf, type PayPeriod } from "@/lib/time/calc";
import { rangeInstants } from "@/lib/dates/instants";
import { lockMemberTime } from "./lock-member-time";
import { getTimePolicy } from "./policy";

/**
 * What approving, withdrawing, locking and unlocking a pay period share (a file each): the
 * refusals, and the period and members a request names.
 */
export const NOT_LOCKED = "This pay period is not locked for this member.";

export const NOTHING_LOCKED = "No member's pay period is locked.";

export const NOT_APPROVED = "This pay period is not approved for these members.";

export const LOCKED_APPROVAL = "This pay period is locked. Unlock it before withdrawing the approval.";

export const asDate = (key: string) => new Date(`${key}T00:00:00Z`);

type Tx = Prisma.TransactionClient;

export type Selection = { period: string; userIds?: string[] };

/** The period and the members a request names (every active member without `userIds`), each member's time locked. */
export async function resolveSelection(tx: Tx, input: Selection) {
  const policy = await getTimePolicy(tx);
  const period = payPeriodOf(input.period, policy);
  const members = await tx.user.findMany({
    where: input.userIds ? { id: { in: input.userIds }, ...MEMBERS_ONLY } : { isActive: true, ...MEMBERS_ONLY },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (input.userIds && members.length !== new Set(input.userIds).size) throw notFound("Member not found");
  const ids = members.map((m) => m.id);
  await lockMemberTime(tx, ids);
  const rows = await tx.payPeriodLock.findMany({
    where: { userId: { in: ids }, periodStart: asDate(period.start) },
    select: { id: true, userId: true, approvedAt: true, lockedAt: true, unlockedAt: true },
  });
  const rowOf = new Map(rows.map((r) => [r.userId, r]));
  const isLocked = (id: string) => Boolean(rowOf.get(id)?.lockedAt && !rowOf.get(id)?.unlockedAt);
  return { period, ids, rowOf, isLocked };
}

export function periodRow(period: PayPeriod) {
  const { startsAt, endsAt } = rangeInstants(period.start, period.end, BUSINESS_TIME_ZONE);
  return { periodEnd: asDate(period.end), startsAt, endsAt };
}
