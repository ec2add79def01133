import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { badRequest, notFound } from "@/lib/http/app-error";
import type { CorrectionRequestInput } from "@/lib/validations/time";
import { assertNotLocked } from "./locks";
import { ENDS_BEFORE_START, inTimeTransaction } from "./time-edits";

/**
 * POST /api/time/corrections: a member asks for their own time to change (a member never edits
 * it directly). The punch must be theirs (else 404); a locked period refuses the request.
 */
export async function requestCorrection(caller: Pick<Caller, "userId">, input: CorrectionRequestInput) {
  if (input.requestedOutAt <= input.requestedInAt) throw badRequest(ENDS_BEFORE_START);
  return inTimeTransaction(async (tx) => {
    if (input.punchId) {
      const punch = await tx.punchSession.findFirst({ where: { id: input.punchId, userId: caller.userId }, select: { punchInAt: true, punchOutAt: true } });
      if (!punch) throw notFound("Punch not found");
      await assertNotLocked(tx, caller.userId, punch.punchInAt, punch.punchOutAt ?? new Date(), caller);
    }
    await assertNotLocked(tx, caller.userId, input.requestedInAt, input.requestedOutAt, caller);
    return tx.timeCorrectionRequest.create({
      data: {
        userId: caller.userId,
        punchSessionId: input.punchId ?? null,
        requestedInAt: input.requestedInAt,
        requestedOutAt: input.requestedOutAt,
        reason: input.reason,
      },
    });
  });
}
