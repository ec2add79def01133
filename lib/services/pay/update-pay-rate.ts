import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { conflict, notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import type { PayRate, updatePayRateSchema } from "@/lib/validations/pay";
import type { z } from "zod";
import { assertRateDayOpen, payRateSelect, RATE_NOT_FOUND, RATE_TAKEN, rateSnapshot, toPayRate } from "./pay-access";

/**
 * PATCH /api/pay-rates/{id}: corrects a rate (its kind, amount, day or note). Refused (409) when
 * the rate's day, old or new, falls inside a locked pay period. Audited with what changed.
 */
export async function updatePayRate(caller: Caller, id: string, input: z.output<typeof updatePayRateSchema>): Promise<PayRate> {
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.payRate.findUnique({ where: { id }, select: payRateSelect });
      if (!before) throw notFound(RATE_NOT_FOUND);
      await assertRateDayOpen(tx, before.userId, dateKeyOfDateColumn(before.effectiveFrom));
      if (input.effectiveFrom) await assertRateDayOpen(tx, before.userId, input.effectiveFrom);
      const updated = await tx.payRate.update({
        where: { id },
        data: {
          kind: input.kind,
          amountCents: input.amount,
          effectiveFrom: input.effectiveFrom ? dateColumnOf(input.effectiveFrom) : undefined,
          note: input.note,
        },
        select: payRateSelect,
      });
      const diff = changedFields(rateSnapshot(before), rateSnapshot(updated));
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, {
          actorId: caller.userId,
          action: "pay_rate.update",
          entityType: "user",
          entityId: before.userId,
          before: diff.before,
          after: diff.after,
          metadata: { rateId: id },
        });
      }
      return toPayRate(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(RATE_TAKEN, { field: "effectiveFrom" });
    throw error;
  }
}
