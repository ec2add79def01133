import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import type { PunchInInput } from "@/lib/validations/punch";
import { isInvariantViolation } from "@/lib/db-errors";
import type { PunchStatus } from "./get-punch-status";
import { latest } from "./locks";
import { replayPunchIn, type PunchAnswer } from "./offline-punch";
import { openPunch } from "./open-punch";
import { PUNCH_TX_OPTIONS, punchOrigin, type RequestClient } from "./origin";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";
import { requestWebhookDelivery } from "@/lib/services/webhooks/record-event";

export const ALREADY_PUNCHED_IN = "Already punched in";

/**
 * POST /api/auth/punch/in. With `clientUuid` + `deviceTime` it is a punch made on a phone without
 * a signal, replayed from its queue (./offline-punch.ts); otherwise a punch now. Both make the
 * same write (./open-punch.ts). The answer is the status and body to send.
 */
export async function punchIn(caller: Pick<Caller, "userId" | "role">, input: PunchInInput, client: RequestClient): Promise<PunchAnswer> {
  const origin = punchOrigin(client, input);
  const answer = input.clientUuid && input.deviceTime ? await replayPunchIn(caller, { clientUuid: input.clientUuid, deviceTime: input.deviceTime }, origin) : { status: 201, body: await punchInNow(caller, origin) };
  // After the commit: the punch's webhook event (written in the same transaction) goes out.
  requestWebhookDelivery();
  return answer;
}

/**
 * The database decides who wins: the partial unique index punch_sessions_one_open_per_user admits
 * one open punch per user, so of many simultaneous punch-ins exactly one commits and the others
 * fail on the index and get the same clear 409 a sequential second punch-in gets. The pre-check
 * only makes the common case cheap.
 */
async function punchInNow(caller: Pick<Caller, "userId" | "role">, origin: ReturnType<typeof punchOrigin>): Promise<PunchStatus> {
  try {
    const status = await db.$transaction(async (tx) => {
      const previous = await tx.punchSession.findFirst({
        where: { userId: caller.userId },
        orderBy: { punchInAt: "desc" },
        select: { punchInAt: true, punchOutAt: true },
      });
      if (previous && previous.punchOutAt === null) throw conflict(ALREADY_PUNCHED_IN);
      // Punches are half-open ranges, so starting at the previous punch-out instant is allowed;
      // never earlier, even if this server's clock is behind the one that punched out.
      const punch = await openPunch(tx, { caller, at: latest(new Date(), previous?.punchOutAt), origin });
      return { isPunchedIn: true, lastPunchIn: punch.punchInAt, activeTask: null };
    }, PUNCH_TX_OPTIONS);
    // After the commit: the "no punch-in" alert of the day resolves.
    requestAlertEvaluation("punch-in");
    return status;
  } catch (error) {
    if (
      isInvariantViolation(error, "punch_sessions_one_open_per_user") ||
      isInvariantViolation(error, "punch_sessions_no_overlap", "23P01")
    ) {
      throw conflict(ALREADY_PUNCHED_IN);
    }
    throw error;
  }
}
