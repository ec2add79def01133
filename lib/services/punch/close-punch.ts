import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { PunchOutInput } from "@/lib/validations/punch";
import type { PunchOrigin } from "./origin";

/**
 * The one write that ends a shift, shared by a punch-out and its offline replay: the punch's out
 * fields and its "punch.out" audit row. `extra` holds what only a replay sets (its device time and
 * the offline flag), `auditMetadata` what the audit row adds to the origin.
 */
export async function closePunch(
  tx: Prisma.TransactionClient,
  args: {
    actorId: string;
    punch: { id: string; punchInAt: Date };
    punchOutAt: Date;
    origin: PunchOrigin;
    input: Pick<PunchOutInput, "reason" | "reasonOther">;
    forcedTaskOut: boolean;
    extra?: Prisma.PunchSessionUpdateInput;
    auditMetadata?: Record<string, unknown>;
  },
): Promise<void> {
  const { actorId, punch, punchOutAt, origin, input, forcedTaskOut } = args;
  await tx.punchSession.update({
    where: { id: punch.id },
    data: {
      punchOutAt,
      ...args.extra,
      outSource: origin.source,
      outLocation: origin.location,
      outUserAgent: origin.userAgent,
      outIp: origin.ip,
      outReason: input.reason,
      outReasonOther: input.reasonOther,
      forcedTaskOut,
    },
  });
  await recordAudit(tx, {
    actorId,
    action: "punch.out",
    entityType: "punch_session",
    entityId: punch.id,
    before: { punchOutAt: null },
    after: { punchInAt: punch.punchInAt, punchOutAt, reason: input.reason, reasonOther: input.reasonOther, forcedTaskOut },
    metadata: { source: origin.source, location: origin.location, ip: origin.ip, userAgent: origin.userAgent, ...args.auditMetadata },
  });
}
