import "server-only";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import type { z } from "zod";
import type { PunchOutInput, punchOutResultBaseSchema } from "@/lib/validations/punch";
import { INVARIANT_SQLSTATES } from "@/prisma/sql-invariants";
import { activeTaskSelect, loadActiveTask, presentActiveTask, taskConflictFields, taskLabel, type ActiveTask } from "./active-task";
import { isInvariantViolation } from "@/lib/db-errors";
import { closeShift } from "./close-shift";
import { latest, lockOpenEntry, lockOpenPunch } from "./locks";
import { replayPunchOut, type PunchAnswer } from "./offline-punch";
import { PUNCH_TX_OPTIONS, punchOrigin, type PunchOrigin, type RequestClient } from "./origin";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";
import { requestWebhookDelivery } from "@/lib/services/webhooks/record-event";

export const NOT_PUNCHED_IN = "Not punched in";

/** The punch-out as the contract declares it (punchOutResultBaseSchema), Dates allowed where the wire carries strings. */
export type PunchOutResult = z.input<typeof punchOutResultBaseSchema>;

const clockedIntoTask = (task: ActiveTask) =>
  conflict(`You are still clocked into ${taskLabel(task)}. Clock out of the task first, or punch out anyway.`, taskConflictFields(task));

/**
 * POST /api/auth/punch/out-with-reason. With `clientUuid` + `deviceTime` it is a punch-out made on
 * a phone without a signal, replayed from its queue (./offline-punch.ts); otherwise a punch-out
 * now. Both make the same write (./close-shift.ts). The answer is the status and body to send.
 */
export async function punchOut(caller: Pick<Caller, "userId" | "role">, input: PunchOutInput, client: RequestClient): Promise<PunchAnswer> {
  const origin = punchOrigin(client, input);
  const answer = input.clientUuid && input.deviceTime ? await replayPunchOut(caller, { clientUuid: input.clientUuid, deviceTime: input.deviceTime }, origin, input) : { status: 200, body: await punchOutNow(caller, input, origin) };
  // After the commit: the punch's webhook event (written in the same transaction) goes out.
  requestWebhookDelivery();
  return answer;
}

/**
 * While a task clock runs the answer is 409 with the task; with forceClockOut the task clock and
 * the punch close in one transaction (and the deferred triggers check at COMMIT that no entry is
 * left running inside a closed punch).
 */
async function punchOutNow(caller: Pick<Caller, "userId" | "role">, input: PunchOutInput, origin: PunchOrigin): Promise<PunchOutResult> {
  try {
    const result = await db.$transaction(async (tx) => {
      const punch = await lockOpenPunch(tx, caller.userId);
      if (!punch) throw conflict(NOT_PUNCHED_IN);
      const entry = await lockOpenEntry(tx, caller.userId);
      const now = new Date();
      // A late punch-out whose punch lies in a locked pay period is refused, forced or not.
      await assertNotLocked(tx, caller.userId, punch.punchInAt, latest(now, punch.punchInAt), caller);
      if (entry && !input.forceClockOut) throw clockedIntoTask(await loadActiveTask(tx, caller, entry.taskId));
      return closeShift(tx, { caller, punch, entry, at: now, origin, input });
    }, PUNCH_TX_OPTIONS);
    // After the commit: a forgotten punch-out alert resolves.
    requestAlertEvaluation("punch-out");
    return result;
  } catch (error) {
    // Only reachable if a task clock was started without taking the punch lock: the commit
    // check refused to close the punch, so answer as if we had seen the entry.
    if (isInvariantViolation(error, "punch_sessions_no_open_entries_on_close", INVARIANT_SQLSTATES.punchHasOpenTimeEntry)) {
      const entry = await db.taskTimeEntry.findFirst({
        where: { userId: caller.userId, endedAt: null },
        select: { task: { select: activeTaskSelect } },
      });
      if (entry) throw clockedIntoTask(presentActiveTask(caller, entry.task));
    }
    throw error;
  }
}
