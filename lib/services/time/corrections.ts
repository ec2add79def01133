import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import type { CorrectionRequestInput } from "@/lib/validations/time";
import { editTime } from "./edit-time";
import { assertNotLocked } from "./locks";
import { ENDS_BEFORE_START, inTimeTransaction } from "./time-edits";

export const CORRECTION_NOT_FOUND = "Correction request not found";
export const ALREADY_DECIDED = "This correction request was already decided.";

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

/** GET /api/admin/time/corrections: pending requests first, then the latest decided ones. */
export async function listCorrections(opts: { status?: "pending" | "approved" | "rejected"; take?: number } = {}) {
  return db.timeCorrectionRequest.findMany({
    where: opts.status ? { status: opts.status } : {},
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    take: Math.min(opts.take ?? 50, 200),
    include: { user: { select: { id: true, firstName: true, lastName: true } } },
  });
}

/**
 * POST /api/admin/time/corrections/{id}: approving applies the requested times as an edit (a
 * TimeEdit with action "correction", the member's reason) in the same transaction as the
 * decision; rejecting keeps the time as it is. A decided request answers 409.
 */
export async function decideCorrection(caller: Pick<Caller, "userId">, id: string, input: { decision: "approve" | "reject"; note?: string }) {
  return inTimeTransaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM time_correction_requests WHERE id = ${id}::uuid FOR UPDATE`;
    if (rows.length === 0) throw notFound(CORRECTION_NOT_FOUND);
    const request = await tx.timeCorrectionRequest.findUniqueOrThrow({ where: { id } });
    if (request.status !== "pending") throw conflict(ALREADY_DECIDED);
    if (input.decision === "approve") {
      const reason = `Correction request: ${request.reason}`;
      if (request.punchSessionId) {
        await editTime(
          caller,
          { action: "update-punch", punchId: request.punchSessionId, punchInAt: request.requestedInAt, punchOutAt: request.requestedOutAt, reason },
          { via: "correction", tx },
        );
      } else {
        await editTime(
          caller,
          { action: "create-punch", userId: request.userId, punchInAt: request.requestedInAt, punchOutAt: request.requestedOutAt, outReason: "End of Workday", reason },
          { via: "correction", tx },
        );
      }
    }
    return tx.timeCorrectionRequest.update({
      where: { id },
      data: { status: input.decision === "approve" ? "approved" : "rejected", decidedById: caller.userId, decidedAt: new Date(), decisionNote: input.note ?? null },
    });
  });
}
