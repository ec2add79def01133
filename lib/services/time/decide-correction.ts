import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { conflict, notFound } from "@/lib/http/app-error";
import { editTime } from "./edit-time";
import { inTimeTransaction } from "./time-edits";
import { ALREADY_DECIDED, CORRECTION_NOT_FOUND } from "./correction-rules";

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
