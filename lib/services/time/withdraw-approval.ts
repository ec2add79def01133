import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { PayPeriod } from "@/lib/time/calc";
import { LOCKED_APPROVAL, NOT_APPROVED, Selection, resolveSelection } from "./period-selection";

/**
 * POST /api/admin/time/approvals/withdraw: takes back the approvals of the named members (or every
 * active member) whose period is not locked; locked members keep theirs. 409 when there is none to
 * take back (the message says so when the members are locked).
 */
export async function withdrawApproval(caller: Pick<Caller, "userId">, input: Selection): Promise<{ period: PayPeriod; withdrawn: number }> {
  return db.$transaction(async (tx) => {
    const { period, ids, rowOf, isLocked } = await resolveSelection(tx, input);
    const lockedIds = ids.filter(isLocked);
    const targets = ids.filter((id) => rowOf.get(id)?.approvedAt && !isLocked(id));
    if (targets.length === 0) throw conflict(lockedIds.length > 0 ? LOCKED_APPROVAL : NOT_APPROVED, lockedIds.length > 0 ? { periodLocked: true } : undefined);
    await tx.payPeriodLock.updateMany({
      where: { id: { in: targets.map((id) => rowOf.get(id)!.id) } },
      data: { approvedAt: null, approvedById: null },
    });
    for (const id of targets) {
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "time.period.withdraw",
        entityType: "user",
        entityId: id,
        before: { period, approvedAt: rowOf.get(id)!.approvedAt },
        after: { period, approved: false },
      });
    }
    return { period, withdrawn: targets.length };
  });
}
