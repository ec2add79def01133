import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { MEMBER_NOT_FOUND } from "@/lib/services/members/shared";
import type { createPayRateSchema, PayRate } from "@/lib/validations/pay";
import type { z } from "zod";
import { assertRateDayOpen, payRateSelect, RATE_TAKEN, rateSnapshot, toPayRate } from "./pay-access";

/**
 * POST /api/members/{id}/pay-rates: a rate from a day. Refused (409, the period named) when the
 * day falls inside a locked pay period of the member. One transaction with its audit row.
 */
export async function createPayRate(caller: Caller, userId: string, input: z.output<typeof createPayRateSchema>): Promise<PayRate> {
  const member = await db.user.findUnique({ where: { id: userId }, select: { id: true, memberType: true } });
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (input.unitId && !(await db.organizationalUnit.findUnique({ where: { id: input.unitId }, select: { id: true } }))) {
    throw badRequest("unitId: no such department", { field: "unitId" });
  }
  try {
    return await db.$transaction(async (tx) => {
      await assertRateDayOpen(tx, userId, input.effectiveFrom);
      const created = await tx.payRate.create({
        data: {
          userId,
          kind: input.kind,
          amountCents: input.amount,
          roleLabel: input.roleLabel ?? null,
          unitId: input.unitId ?? null,
          effectiveFrom: dateColumnOf(input.effectiveFrom),
          note: input.note ?? null,
          createdById: caller.userId,
        },
        select: payRateSelect,
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "pay_rate.create",
        entityType: "user",
        entityId: userId,
        after: rateSnapshot(created),
        metadata: { rateId: created.id },
      });
      return toPayRate(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(RATE_TAKEN, { field: "effectiveFrom" });
    throw error;
  }
}
