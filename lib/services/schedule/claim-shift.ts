import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, conflict, notFound } from "@/lib/http/app-error";
import { withReplay } from "@/lib/services/offline/with-replay";
import type { shiftSchema } from "@/lib/schedule/contracts";
import type { ClaimShiftBody } from "@/lib/validations/swaps";
import { unitIdsOf, SHIFT_NOT_FOUND } from "./scope";
import { overlapConflict, SHIFT_OVERLAP } from "./shift-rules";
import { postNames, shiftSelect, snapshot, toShift } from "./shift-shape";

export const SHIFT_ALREADY_CLAIMED = "Someone claimed this shift first";

type ShiftAnswer = z.output<typeof shiftSchema>;

/**
 * POST /api/schedule/shifts/[id]/claim: a member of the shift's department takes a published
 * open shift. Race-safe like task pickup: one conditional UPDATE (still open, still published)
 * decides; the loser gets 409. The exclusion constraint refuses a claim over one's own shift.
 *
 * With `clientUuid` + `deviceTime` it is a claim made on a phone without a signal, replayed from
 * its queue through the replay ledger (withReplay): it counts if it lands first (the same
 * conditional UPDATE), a refusal (409, 404) is stored as its answer, and a retry of the uuid
 * answers the first answer without claiming again. The shift must not have started when the
 * phone's owner tapped.
 */
export async function claimShift(caller: Caller, id: string, body: ClaimShiftBody = {}): Promise<ShiftAnswer> {
  if (!body.clientUuid || !body.deviceTime) return claimNow(caller, id, new Date());
  const answer = await withReplay(
    { kind: "shift-claim", clientUuid: body.clientUuid, deviceTime: body.deviceTime, userId: caller.userId },
    async (tx, { deviceTime }) => {
      try {
        return { status: 200, body: await claimIn(tx, caller, id, deviceTime), outcome: "recorded" };
      } catch (error) {
        const refusal = overlapConflict(error);
        if (refusal instanceof AppError && refusal.status < 500) return { status: refusal.status, body: { message: refusal.message, code: refusal.code }, outcome: "refused" };
        throw error;
      }
    },
    { what: "shift claim", retryOn: [["shifts_no_overlap", "23P01"]] },
  );
  if (answer.status >= 400) throw new AppError(answer.status === 404 ? "NOT_FOUND" : "CONFLICT", String(answer.body.message ?? "Could not claim the shift"));
  return answer.body as ShiftAnswer;
}

async function claimNow(caller: Caller, id: string, at: Date): Promise<ShiftAnswer> {
  try {
    return await db.$transaction((tx) => claimIn(tx, caller, id, at));
  } catch (error) {
    throw overlapConflict(error);
  }
}

/** The one claim, now or replayed: the shift must be open, published and not started at `at`. */
async function claimIn(tx: Prisma.TransactionClient, caller: Caller, id: string, at: Date): Promise<ShiftAnswer> {
  const units = await unitIdsOf(caller);
  const shift = await tx.shift.findFirst({ where: { id, status: "published", unitId: { in: units } }, select: { id: true, userId: true, startsAt: true, endsAt: true } });
  if (!shift) throw notFound(SHIFT_NOT_FOUND);
  if (shift.userId === caller.userId) throw conflict("This shift is already yours");
  if (shift.userId !== null) throw conflict(SHIFT_ALREADY_CLAIMED);
  if (shift.startsAt <= at) throw conflict("This shift has already started");
  // Asked first, so a replayed claim can store the refusal (a violated constraint aborts the
  // transaction); a shift given meanwhile still meets the exclusion constraint, and the replay runs again.
  const mine = await tx.shift.findFirst({ where: { userId: caller.userId, startsAt: { lt: shift.endsAt }, endsAt: { gt: shift.startsAt } }, select: { id: true } });
  if (mine) throw conflict(SHIFT_OVERLAP, { field: "userId" });
  const { count } = await tx.shift.updateMany({ where: { id, userId: null, status: "published" }, data: { userId: caller.userId } });
  if (count === 0) throw conflict(SHIFT_ALREADY_CLAIMED);
  const claimed = await tx.shift.findUniqueOrThrow({ where: { id }, select: shiftSelect });
  await tx.shiftChange.create({ data: { shiftId: id, actorId: caller.userId, action: "claimed", before: { ...snapshot(claimed), userId: null, memberName: null }, after: snapshot(claimed) as object } });
  return toShift(claimed, await postNames(tx, [claimed.punchLocation]));
}
