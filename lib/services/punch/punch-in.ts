import "server-only";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { PunchInInput } from "@/lib/validations/punch";
import { isInvariantViolation } from "@/lib/db-errors";
import type { PunchStatus } from "./get-punch-status";
import { latest } from "./locks";
import { PUNCH_TX_OPTIONS, punchOrigin, type RequestClient } from "./origin";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";

export const ALREADY_PUNCHED_IN = "Already punched in";

/**
 * POST /api/auth/punch/in. The database decides who wins: the partial unique index
 * punch_sessions_one_open_per_user admits one open punch per user, so of many simultaneous
 * punch-ins exactly one commits and the others fail on the index and get the same clear 409
 * a sequential second punch-in gets. The pre-check only makes the common case cheap.
 */
export async function punchIn(caller: Pick<Caller, "userId">, input: PunchInInput, client: RequestClient): Promise<PunchStatus> {
  const origin = punchOrigin(client, input);
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
      const punchInAt = latest(new Date(), previous?.punchOutAt);
      // A punch never starts inside an approved, locked pay period.
      await assertNotLocked(tx, caller.userId, punchInAt, punchInAt, caller);
      const punch = await tx.punchSession.create({
        data: {
          userId: caller.userId,
          punchInAt,
          inSource: origin.source,
          inLocation: origin.location,
          inUserAgent: origin.userAgent,
          inIp: origin.ip,
        },
        select: { id: true, punchInAt: true },
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "punch.in",
        entityType: "punch_session",
        entityId: punch.id,
        after: { punchInAt: punch.punchInAt, source: origin.source, location: origin.location },
        metadata: { ip: origin.ip, userAgent: origin.userAgent },
      });
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
