import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, daysBetween } from "@/lib/dates";
import { db } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { decidersOf } from "@/lib/services/schedule/deciders";
import { notifySchedule } from "@/lib/services/schedule/notify-schedule";
import { unitIdsOf } from "@/lib/services/schedule/scope";
import type { myTimeOffSchema, timeOffRequestSchema } from "@/lib/time-off/contracts";
import type { CreateTimeOffInput } from "@/lib/validations/time-off";
import { balancesOf } from "./ledger";
import { describeRequest, FULL_DAY_MINUTES, hoursOf, requestSelect, TIME_OFF_NOT_FOUND, toRequest } from "./shape";

/** GET /api/time-off: the types, my requests (newest first) and my balance of each paid type. */
export async function getMyTimeOff(caller: Caller): Promise<z.output<typeof myTimeOffSchema>> {
  const [types, rows, balances] = await Promise.all([
    db.timeOffType.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { id: true, key: true, name: true, paid: true } }),
    db.timeOffRequest.findMany({ where: { userId: caller.userId }, orderBy: [{ startDay: "desc" }, { createdAt: "desc" }], take: 100, select: requestSelect }),
    balancesOf(db, caller.userId),
  ]);
  return {
    types,
    requests: rows.map(toRequest),
    balances: types.filter((t) => t.paid).map((t) => ({ typeId: t.id, typeName: t.name, hours: hoursOf(balances.get(t.id) ?? 0) })),
  };
}

/**
 * POST /api/time-off: a pending request of mine. Whole days count 8 h each; `hoursPerDay` counts
 * that many hours on every day of the range. The managers of my departments are told.
 */
export async function requestTimeOff(caller: Caller, input: CreateTimeOffInput): Promise<z.output<typeof timeOffRequestSchema>> {
  const type = await db.timeOffType.findFirst({ where: { id: input.typeId, active: true }, select: { id: true } });
  if (!type) throw badRequest("typeId must be an active time-off type", { field: "typeId" });
  const fullDays = input.hoursPerDay == null;
  const minutesPerDay = fullDays ? FULL_DAY_MINUTES : Math.round(input.hoursPerDay! * 60);
  const days = daysBetween(input.startDay, input.endDay) + 1;
  const units = await unitIdsOf(caller);
  return db.$transaction(async (tx) => {
    const row = await tx.timeOffRequest.create({
      data: {
        userId: caller.userId,
        typeId: type.id,
        startDay: dateColumnOf(input.startDay),
        endDay: dateColumnOf(input.endDay),
        minutesPerDay,
        fullDays,
        minutes: minutesPerDay * days,
        note: input.note || null,
      },
      select: requestSelect,
    });
    // The managers of the member's departments; the admins only when no manager is there.
    const deciders = await decidersOf(tx, caller.userId, units);
    const t = toRequest(row);
    await notifySchedule(
      tx,
      caller.userId,
      { type: "time_off_request", id: row.id },
      deciders.map((id) => ({ userId: id, message: `${t.memberName} requests time off`, subject: `Time-off request: ${t.memberName}`, lines: [describeRequest(row), ...(t.note ? [`Note: ${t.note}`] : [])] })),
      "/schedule",
    );
    return t;
  });
}

/**
 * POST /api/time-off/[id]/cancel: a pending or approved request of mine. Cancelling an approved
 * paid request writes one reversing `adjustment` row (at most one per request). Again: no change.
 */
export async function cancelTimeOff(caller: Caller, id: string): Promise<z.output<typeof timeOffRequestSchema>> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ status: string }>>`SELECT status::text AS status FROM time_off_requests WHERE id = ${id}::uuid AND user_id = ${caller.userId}::uuid FOR UPDATE`;
    if (!locked) throw notFound(TIME_OFF_NOT_FOUND);
    if (locked.status === "declined") throw conflict("This request was declined");
    if (locked.status !== "cancelled") {
      await tx.timeOffRequest.update({ where: { id }, data: { status: "cancelled" } });
      const use = await tx.timeOffLedgerEntry.findUnique({ where: { requestId_kind: { requestId: id, kind: "use" } }, select: { userId: true, typeId: true, minutes: true } });
      if (use) {
        await tx.timeOffLedgerEntry.upsert({
          where: { requestId_kind: { requestId: id, kind: "adjustment" } },
          create: { userId: use.userId, typeId: use.typeId, kind: "adjustment", minutes: -use.minutes, reason: "Approved time off cancelled", actorId: caller.userId, requestId: id },
          update: {},
        });
      }
    }
    return toRequest(await tx.timeOffRequest.findUniqueOrThrow({ where: { id }, select: requestSelect }));
  });
}
