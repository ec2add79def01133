import "server-only";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { PunchOutInput } from "@/lib/validations/punch";
import { INVARIANT_SQLSTATES } from "@/prisma/sql-invariants";
import { activeTaskSelect, loadActiveTask, presentActiveTask, taskConflictFields, taskLabel, type ActiveTask } from "./active-task";
import { isInvariantViolation } from "@/lib/db-errors";
import { closePunch } from "./close-punch";
import { latest, lockOpenEntry, lockOpenPunch } from "./locks";
import { PUNCH_TX_OPTIONS, punchOrigin, type RequestClient } from "./origin";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";

export const NOT_PUNCHED_IN = "Not punched in";

export interface PunchOutResult {
  isPunchedIn: false;
  lastPunchIn: Date;
  punchOutAt: Date;
  reason: string;
  reasonOther: string | null;
  activeTask: null;
  /** The task clock the force flag closed in the same transaction, if any. */
  clockedOutOfTask: ActiveTask | null;
}

const clockedIntoTask = (task: ActiveTask) =>
  conflict(`You are still clocked into ${taskLabel(task)}. Clock out of the task first, or punch out anyway.`, taskConflictFields(task));

/**
 * POST /api/auth/punch/out-with-reason. While a task clock runs the answer is 409 with the
 * task; with forceClockOut the task clock and the punch close in one transaction (and the
 * deferred triggers check at COMMIT that no entry is left running inside a closed punch).
 */
export async function punchOut(caller: Pick<Caller, "userId" | "role">, input: PunchOutInput, client: RequestClient): Promise<PunchOutResult> {
  const origin = punchOrigin(client, input);
  try {
    const result = await db.$transaction(async (tx) => {
      const punch = await lockOpenPunch(tx, caller.userId);
      if (!punch) throw conflict(NOT_PUNCHED_IN);
      const entry = await lockOpenEntry(tx, caller.userId);
      const now = new Date();
      // A late punch-out whose punch lies in a locked pay period is refused, forced or not.
      await assertNotLocked(tx, caller.userId, punch.punchInAt, latest(now, punch.punchInAt), caller);
      let clockedOutOfTask: ActiveTask | null = null;
      let entryEnd: Date | null = null;
      if (entry) {
        const task = await loadActiveTask(tx, caller, entry.taskId);
        if (!input.forceClockOut) throw clockedIntoTask(task);
        entryEnd = latest(now, entry.startedAt);
        await tx.taskTimeEntry.update({
          where: { id: entry.id },
          data: {
            endedAt: entryEnd,
            endedByForce: true,
            endSource: origin.source,
            endLocation: origin.location,
            endUserAgent: origin.userAgent,
            endIp: origin.ip,
          },
        });
        await recordAudit(tx, {
          actorId: caller.userId,
          action: "task.clock_out",
          entityType: "task_time_entry",
          entityId: entry.id,
          before: { endedAt: null },
          after: { taskId: task.id, startedAt: entry.startedAt, endedAt: entryEnd, endedByForce: true },
          metadata: { source: origin.source, location: origin.location, ip: origin.ip, userAgent: origin.userAgent, via: "punch-out" },
        });
        clockedOutOfTask = task;
      }
      const punchOutAt = latest(now, punch.punchInAt, entryEnd);
      await closePunch(tx, { actorId: caller.userId, punch, punchOutAt, origin, input, forcedTaskOut: clockedOutOfTask !== null });
      return {
        isPunchedIn: false as const,
        lastPunchIn: punch.punchInAt,
        punchOutAt,
        reason: input.reason,
        reasonOther: input.reasonOther,
        activeTask: null,
        clockedOutOfTask,
      };
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
