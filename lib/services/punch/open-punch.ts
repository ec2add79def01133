import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { assertNotLocked } from "@/lib/services/time/locks";
import { memberRef, recordWebhookEvent } from "@/lib/services/webhooks/record-event";
import type { PunchOrigin } from "./origin";

/** What only a punch replayed from a phone's offline queue records: its uuid and when it arrived. */
export interface OfflinePunchFacts {
  clientUuid: string;
  receivedAt: Date;
}

/**
 * The one write that starts a shift, shared by a punch-in and its offline replay: the pay-period
 * lock check, the punch row, its "punch.in" audit row and its webhook event. A replay also records the device time
 * (`at`) and when it arrived (flagged for review on the time card).
 */
export async function openPunch(
  tx: Prisma.TransactionClient,
  args: { caller: Pick<Caller, "userId" | "role">; at: Date; origin: PunchOrigin; offline?: OfflinePunchFacts },
): Promise<{ id: string; punchInAt: Date }> {
  const { caller, at, origin, offline } = args;
  // A punch never starts inside an approved, locked pay period.
  await assertNotLocked(tx, caller.userId, at, at, caller);
  const punch = await tx.punchSession.create({
    data: {
      userId: caller.userId,
      punchInAt: at,
      ...(offline && { inDeviceTime: at, recordedOfflineAt: offline.receivedAt }),
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
    after: { punchInAt: punch.punchInAt, source: origin.source, location: origin.location, ...(offline && { recordedOfflineAt: offline.receivedAt }) },
    metadata: { ip: origin.ip, userAgent: origin.userAgent, ...(offline && { offline: true, clientUuid: offline.clientUuid, deviceTime: at }) },
  });
  await recordWebhookEvent(tx, "punch.in", async () => ({
    member: await memberRef(tx, caller.userId),
    punchId: punch.id,
    punch: { isPunchedIn: true, lastPunchIn: punch.punchInAt, activeTask: null },
  }));
  return punch;
}
