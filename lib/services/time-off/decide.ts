import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/app-error";
import { notifySchedule } from "@/lib/services/schedule/notify-schedule";
import { scheduledUnitIds } from "@/lib/services/schedule/scope";
import type { pendingTimeOffSchema, timeOffRequestSchema } from "@/lib/time-off/contracts";
import type { decideTimeOffSchema } from "@/lib/validations/time-off";
import { describeRequest, requestSelect, TIME_OFF_NOT_FOUND, toRequest } from "./shape";

/** The requests the caller decides: members of the departments they schedule (admins: all). */
async function decidedWhere(caller: Caller): Promise<Prisma.TimeOffRequestWhereInput> {
  const units = await scheduledUnitIds(caller);
  return units === null ? {} : { user: { memberships: { some: { unitId: { in: units } } } } };
}

/** GET /api/time-off/pending: the pending requests the caller decides, earliest first. */
export async function getPendingTimeOff(caller: Caller): Promise<z.output<typeof pendingTimeOffSchema>> {
  const rows = await db.timeOffRequest.findMany({
    where: { AND: [{ status: "pending", userId: { not: caller.userId } }, await decidedWhere(caller)] },
    orderBy: [{ startDay: "asc" }, { createdAt: "asc" }],
    take: 200,
    select: requestSelect,
  });
  return { requests: rows.map(toRequest) };
}

/**
 * POST /api/time-off/[id]/decision. Approving a paid request writes one `use` row (minus its
 * hours) in the same transaction; the unique (request, kind) makes a second approval harmless.
 * A request of a member of another department answers 404, as does one's own.
 */
export async function decideTimeOff(caller: Caller, id: string, input: z.output<typeof decideTimeOffSchema>): Promise<z.output<typeof timeOffRequestSchema>> {
  const visible = await db.timeOffRequest.findFirst({ where: { AND: [{ id, userId: { not: caller.userId } }, await decidedWhere(caller)] }, select: { id: true } });
  if (!visible) throw notFound(TIME_OFF_NOT_FOUND);
  const target = input.decision === "approve" ? "approved" : "declined";
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ status: string }>>`SELECT status::text AS status FROM time_off_requests WHERE id = ${id}::uuid FOR UPDATE`;
    if (!locked) throw notFound(TIME_OFF_NOT_FOUND);
    if (locked.status === target) return toRequest(await tx.timeOffRequest.findUniqueOrThrow({ where: { id }, select: requestSelect }));
    if (locked.status !== "pending") throw conflict(`This request is already ${locked.status}`);
    const row = await tx.timeOffRequest.update({
      where: { id },
      data: { status: target, decidedById: caller.userId, decidedAt: new Date(), decisionNote: input.note || null },
      select: requestSelect,
    });
    if (target === "approved" && row.type.paid) {
      await tx.timeOffLedgerEntry.upsert({
        where: { requestId_kind: { requestId: id, kind: "use" } },
        create: { userId: row.userId, typeId: row.typeId, kind: "use", minutes: -row.minutes, reason: "Approved time off", actorId: caller.userId, requestId: id },
        update: {},
      });
    }
    const t = toRequest(row);
    const decider = t.decidedByName ?? "Your manager";
    await notifySchedule(
      tx,
      caller.userId,
      { type: "time_off_decision", id },
      [{ userId: row.userId, message: `${decider} ${target} your time off`, subject: `Time off ${target}`, lines: [describeRequest(row), ...(t.decisionNote ? [`Note: ${t.decisionNote}`] : [])] }],
    );
    return t;
  });
}
