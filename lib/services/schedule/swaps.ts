import "server-only";
import type { z } from "zod";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { isInvariantViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import { shiftLine } from "@/lib/schedule/format";
import type { swapListSchema, swapSchema, unitScheduleSettingsResultSchema } from "@/lib/swaps/contracts";
import type { AcceptSwapInput, DecideSwapInput, OfferSwapInput } from "@/lib/validations/swaps";
import { notifySchedule, type ScheduleMessage } from "./notify-schedule";
import { assertSchedulesUnit, scheduledUnitIds, unitIdsOf } from "./scope";
import { overlapConflict } from "./shift-rules";
import { memberName, postNames, shiftSelect, snapshot, toShift, type ShiftRow } from "./shift-shape";

/**
 * Swaps and covers (docs/schedules.md "Swaps and covers"). A member offers one of their
 * published shifts that has not started: a cover (a colleague takes it) or a swap (exchanged with
 * a colleague's shift). A colleague of the department who is free then and not on time off
 * accepts: one conditional UPDATE (still open) decides between two acceptors. The department's
 * manager approves, or the department skips approval; either way the shifts change hands in one
 * transaction, each change in the shift's history. Every step tells the people it concerns.
 */

export const SWAP_NOT_FOUND = "Swap not found";
const UNIT_NOT_FOUND = "Department not found";
export const SWAP_ALREADY_ACCEPTED = "Someone accepted this offer first";
type Tx = Prisma.TransactionClient;
type SwapAnswer = z.output<typeof swapSchema>;

const swapSelect = {
  id: true,
  kind: true,
  status: true,
  note: true,
  shiftId: true,
  givenShiftId: true,
  offeredById: true,
  acceptedById: true,
  acceptedAt: true,
  decisionNote: true,
  decidedAt: true,
  createdAt: true,
  shift: { select: { ...shiftSelect, unit: { select: { name: true, swapsNeedApproval: true } } } },
  givenShift: { select: shiftSelect },
  offeredBy: { select: { id: true, firstName: true, lastName: true } },
  acceptedBy: { select: { id: true, firstName: true, lastName: true } },
  decidedBy: { select: { firstName: true, lastName: true } },
} satisfies Prisma.ShiftSwapSelect;
type SwapRow = Prisma.ShiftSwapGetPayload<{ select: typeof swapSelect }>;

async function toSwaps(client: typeof db | Tx, rows: SwapRow[]): Promise<SwapAnswer[]> {
  const posts = await postNames(client, rows.flatMap((r) => [r.shift.punchLocation, r.givenShift?.punchLocation ?? null]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    note: r.note,
    shift: toShift(r.shift, posts),
    offeredBy: { id: r.offeredBy.id, name: memberName(r.offeredBy) },
    acceptedBy: r.acceptedBy ? { id: r.acceptedBy.id, name: memberName(r.acceptedBy) } : null,
    givenShift: r.givenShift ? toShift(r.givenShift, posts) : null,
    acceptedAt: r.acceptedAt?.toISOString() ?? null,
    decidedByName: r.decidedBy ? memberName(r.decidedBy) : null,
    decisionNote: r.decisionNote,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    needsApproval: r.shift.unit.swapsNeedApproval,
  }));
}

const oneSwap = async (client: typeof db | Tx, id: string) => (await toSwaps(client, [await client.shiftSwap.findUniqueOrThrow({ where: { id }, select: swapSelect })]))[0];

const LIVE = ["open", "accepted"] as const;
const line = (s: ShiftRow) => shiftLine({ ...s, placeName: s.punchLocation });

/**
 * Why `userId` may not work [startsAt, endsAt), or null when they may: another shift of theirs
 * then (`except` the shifts the exchange moves), or approved time off on one of its days.
 */
async function notFreeReason(client: Tx, userId: string, shift: { startsAt: Date; endsAt: Date }, except: string[], who: "You" | "They"): Promise<string | null> {
  const clash = await client.shift.findFirst({
    where: { userId, id: { notIn: except }, startsAt: { lt: shift.endsAt }, endsAt: { gt: shift.startsAt } },
    select: { id: true },
  });
  if (clash) return `${who === "You" ? "You already have" : "The other member already has"} a shift at that time`;
  const first = dateKeyOf(shift.startsAt);
  const last = dateKeyOf(new Date(shift.endsAt.getTime() - 1));
  const off = await client.timeOffRequest.findFirst({
    where: { userId, status: "approved", startDay: { lte: dateColumnOf(last) }, endDay: { gte: dateColumnOf(first) } },
    select: { id: true },
  });
  if (off) return `${who === "You" ? "You are" : "The other member is"} on approved time off then`;
  return null;
}

async function isActiveMember(client: typeof db | Tx, userId: string, unitId: string): Promise<boolean> {
  return Boolean(await client.unitMembership.findFirst({ where: { userId, unitId, user: { isActive: true } }, select: { id: true } }));
}

/** GET /api/schedule/swaps. */
export async function listSwaps(caller: Caller, now = new Date()): Promise<z.output<typeof swapListSchema>> {
  const units = await unitIdsOf(caller);
  const planned = await scheduledUnitIds(caller);
  const canPlan = can(caller, "schedule.manage");
  const [mine, offered, toApprove, departments] = await Promise.all([
    db.shiftSwap.findMany({
      where: { offeredById: caller.userId, OR: [{ status: { in: [...LIVE] } }, { shift: { endsAt: { gt: now } } }] },
      orderBy: [{ createdAt: "desc" }],
      take: 50,
      select: swapSelect,
    }),
    db.shiftSwap.findMany({
      where: {
        offeredById: { not: caller.userId },
        shift: { startsAt: { gt: now } },
        OR: [{ status: "open", shift: { unitId: { in: units } } }, { acceptedById: caller.userId, status: { in: [...LIVE] } }],
      },
      orderBy: [{ shift: { startsAt: "asc" } }, { id: "asc" }],
      take: 100,
      select: swapSelect,
    }),
    canPlan
      ? db.shiftSwap.findMany({
          where: { status: "accepted", shift: planned === null ? {} : { unitId: { in: planned } } },
          orderBy: [{ shift: { startsAt: "asc" } }, { id: "asc" }],
          take: 100,
          select: swapSelect,
        })
      : Promise.resolve([]),
    canPlan
      ? db.organizationalUnit.findMany({ where: planned === null ? {} : { id: { in: planned } }, orderBy: { name: "asc" }, take: 200, select: { id: true, name: true, swapsNeedApproval: true } })
      : Promise.resolve([]),
  ]);
  const [a, b, c] = await Promise.all([toSwaps(db, mine), toSwaps(db, offered), toSwaps(db, toApprove)]);
  return { mine: a, offered: b, toApprove: c, departments };
}

/** POST /api/schedule/swaps: offer one of my published shifts; my department's colleagues are told. */
export async function offerSwap(caller: Caller, input: OfferSwapInput, now = new Date()): Promise<SwapAnswer> {
  const shift = await db.shift.findFirst({ where: { id: input.shiftId, userId: caller.userId, status: "published" }, select: shiftSelect });
  if (!shift) throw badRequest("shiftId: not one of your published shifts", { field: "shiftId" });
  if (shift.startsAt <= now) throw conflict("This shift has already started");
  const { swap, emailNow } = await db.$transaction(async (tx) => {
    let created;
    try {
      created = await tx.shiftSwap.create({ data: { shiftId: shift.id, kind: input.kind, offeredById: caller.userId, note: input.note || null }, select: { id: true } });
    } catch (error) {
      if (isInvariantViolation(error, "shift_swaps_one_live_offer", "23505")) throw conflict("This shift is already offered");
      throw error;
    }
    const colleagues = await tx.unitMembership.findMany({ where: { unitId: shift.unitId, userId: { not: caller.userId }, user: { isActive: true } }, select: { userId: true } });
    const name = memberName(caller);
    const what = input.kind === "swap" ? "for a swap" : "for a cover";
    const told = await notifySchedule(
      tx,
      caller.userId,
      { type: "swap", id: `${created.id}:offered` },
      colleagues.map((c) => ({ userId: c.userId, message: `${name} offers a shift ${what}`, subject: `A shift offered ${what}`, lines: [line(shift), ...(input.note ? [`Note: ${input.note}`] : [])] })),
    );
    return { swap: await oneSwap(tx, created.id), emailNow: told.emailNow };
  });
  if (emailNow) requestAlertMail();
  return swap;
}

/**
 * POST /api/schedule/swaps/[id]/accept. The offer must be open and of my department; I must be
 * free then and not on time off (a swap: the shift I give must be mine, published, not started,
 * and the offerer free then). One conditional UPDATE decides between acceptors. Without
 * approval in the department the shifts change hands in the same transaction.
 */
export async function acceptSwap(caller: Caller, id: string, input: AcceptSwapInput, now = new Date()): Promise<SwapAnswer> {
  const units = await unitIdsOf(caller);
  const offer = await db.shiftSwap.findFirst({
    where: { id, offeredById: { not: caller.userId }, shift: { unitId: { in: units } } },
    select: { id: true, kind: true, status: true, shiftId: true, offeredById: true, shift: { select: { startsAt: true, endsAt: true, unitId: true, unit: { select: { swapsNeedApproval: true } } } } },
  });
  if (!offer) throw notFound(SWAP_NOT_FOUND);
  if (offer.status !== "open") throw conflict(offer.status === "accepted" ? SWAP_ALREADY_ACCEPTED : `This offer is ${offer.status}`);
  if (offer.shift.startsAt <= now) throw conflict("This shift has already started");
  let given: ShiftRow | null = null;
  if (offer.kind === "swap") {
    if (!input.shiftId) throw badRequest("shiftId: a swap needs the shift you give in exchange", { field: "shiftId" });
    given = await db.shift.findFirst({ where: { id: input.shiftId, userId: caller.userId, status: "published", startsAt: { gt: now } }, select: shiftSelect });
    if (!given) throw badRequest("shiftId: not one of your published shifts that has not started", { field: "shiftId" });
    if (!(await isActiveMember(db, offer.offeredById, given.unitId))) throw badRequest("shiftId: the other member is not in this shift's department", { field: "shiftId" });
  } else if (input.shiftId) {
    throw badRequest("shiftId: a cover takes no shift in exchange", { field: "shiftId" });
  }
  const auto = !offer.shift.unit.swapsNeedApproval;
  try {
    const { emailNow } = await db.$transaction(async (tx) => {
      const moved = [offer.shiftId, ...(given ? [given.id] : [])];
      const mine = await notFreeReason(tx, caller.userId, offer.shift, moved, "You");
      if (mine) throw conflict(mine);
      if (given) {
        const theirs = await notFreeReason(tx, offer.offeredById, given, moved, "They");
        if (theirs) throw conflict(theirs);
      }
      const { count } = await tx.shiftSwap.updateMany({
        where: { id, status: "open" },
        data: { status: "accepted", acceptedById: caller.userId, acceptedAt: new Date(), givenShiftId: given?.id ?? null },
      });
      if (count === 0) throw conflict(SWAP_ALREADY_ACCEPTED);
      if (auto) return complete(tx, id, caller);
      const row = await tx.shiftSwap.findUniqueOrThrow({ where: { id }, select: swapSelect });
      // The managers of the department; the admins only when it has none.
      const people = await tx.user.findMany({
        where: { isActive: true, OR: [{ role: "admin" }, { role: "manager", memberships: { some: { unitId: offer.shift.unitId } } }] },
        select: { id: true, role: true },
      });
      const managers = people.some((m) => m.role === "manager") ? people.filter((m) => m.role === "manager") : people;
      const name = memberName(caller);
      const lines = describe(row);
      const a = await notifySchedule(tx, caller.userId, { type: "swap", id: `${id}:accepted` }, [
        { userId: row.offeredById, message: `${name} accepted your ${row.kind}; a manager approves it`, subject: `Your ${row.kind} was accepted`, lines },
      ]);
      const b = await notifySchedule(
        tx,
        caller.userId,
        { type: "swap", id: `${id}:approval` },
        managers.map((m) => ({ userId: m.id, message: `A ${row.kind} waits for your approval: ${memberName(row.offeredBy)} and ${name}`, subject: `A ${row.kind} to approve`, lines })),
        "/schedule",
      );
      return { emailNow: a.emailNow || b.emailNow };
    });
    if (emailNow) requestAlertMail();
  } catch (error) {
    throw overlapConflict(error);
  }
  return oneSwap(db, id);
}

/** The lines of a notification: the offered shift and, for a swap, the one given back. */
function describe(row: SwapRow): string[] {
  return [
    `${memberName(row.offeredBy)}'s shift: ${line(row.shift)}`,
    ...(row.givenShift && row.acceptedBy ? [`${memberName(row.acceptedBy)}'s shift: ${line(row.givenShift)}`] : []),
  ];
}

/**
 * The shifts change hands (an approval, or an acceptance without approval): the swap becomes
 * approved (conditionally: only once), the shifts are locked and reassigned only if they are
 * still the members' (the history gets one row per shift), the other live offers of these shifts
 * are withdrawn, and both members are told.
 */
async function complete(tx: Tx, id: string, actor: Caller, note?: string | null): Promise<{ emailNow: boolean }> {
  const { count } = await tx.shiftSwap.updateMany({ where: { id, status: "accepted" }, data: { status: "approved", decidedById: actor.userId, decidedAt: new Date(), decisionNote: note || null } });
  if (count === 0) throw conflict("This swap was already decided");
  const row = await tx.shiftSwap.findUniqueOrThrow({ where: { id }, select: swapSelect });
  const acceptorId = row.acceptedById!;
  const ids = [row.shiftId, ...(row.givenShiftId ? [row.givenShiftId] : [])];
  await tx.$queryRaw`SELECT id FROM shifts WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
  // Checked again under the locks: the members' other shifts and time off may have changed.
  const mine = await notFreeReason(tx, acceptorId, row.shift, ids, "They");
  if (mine) throw conflict(mine.replace("The other member", memberName(row.acceptedBy!)));
  if (row.givenShift) {
    const theirs = await notFreeReason(tx, row.offeredById, row.givenShift, ids, "They");
    if (theirs) throw conflict(theirs.replace("The other member", memberName(row.offeredBy)));
  }
  const before = new Map<string, Record<string, unknown>>();
  for (const s of await tx.shift.findMany({ where: { id: { in: ids } }, select: shiftSelect })) before.set(s.id, snapshot(s));
  const stillTheirs = async (shiftId: string, from: string | null, to: string | null) => {
    const moved = await tx.shift.updateMany({ where: { id: shiftId, userId: from, status: "published" }, data: { userId: to } });
    if (moved.count === 0) throw conflict("The shift changed since it was offered");
  };
  if (row.givenShiftId) {
    // Through "open" so that two overlapping shifts never sit with one member in between.
    await stillTheirs(row.shiftId, row.offeredById, null);
    await stillTheirs(row.givenShiftId, acceptorId, row.offeredById);
    await stillTheirs(row.shiftId, null, acceptorId);
  } else {
    await stillTheirs(row.shiftId, row.offeredById, acceptorId);
  }
  const after = await tx.shift.findMany({ where: { id: { in: ids } }, select: shiftSelect });
  await tx.shiftChange.createMany({
    data: after.map((s) => ({ shiftId: s.id, actorId: actor.userId, action: row.kind === "swap" ? "swapped" : "covered", before: before.get(s.id) as object, after: snapshot(s) as object })),
  });
  await tx.shiftSwap.updateMany({
    where: { id: { not: id }, status: { in: [...LIVE] }, OR: [{ shiftId: { in: ids } }, { givenShiftId: { in: ids } }] },
    data: { status: "cancelled" },
  });
  const by = memberName(actor);
  const lines = describe(row);
  const told = await notifySchedule(
    tx,
    actor.userId,
    { type: "swap", id: `${id}:approved` },
    [row.offeredById, acceptorId].map((userId) => ({
      userId,
      message: actor.userId === acceptorId ? `${by} took your shift (${row.kind})` : `${by} approved the ${row.kind}`,
      subject: `Your ${row.kind} is done`,
      lines,
    })) satisfies ScheduleMessage[],
  );
  return { emailNow: told.emailNow };
}

/** POST /api/schedule/swaps/[id]/decision: a manager of the shift's department (admins: any). */
export async function decideSwap(caller: Caller, id: string, input: DecideSwapInput): Promise<SwapAnswer> {
  const planned = await scheduledUnitIds(caller);
  const row = await db.shiftSwap.findFirst({ where: { id, shift: planned === null ? {} : { unitId: { in: planned } } }, select: { id: true, status: true } });
  if (!row) throw notFound(SWAP_NOT_FOUND);
  if (row.status !== "accepted") {
    if ((input.decision === "approve" && row.status === "approved") || (input.decision === "decline" && row.status === "declined")) return oneSwap(db, id);
    throw conflict(row.status === "open" ? "No one has accepted this offer yet" : `This swap is already ${row.status}`);
  }
  try {
    const { emailNow } = await db.$transaction(async (tx) => {
      if (input.decision === "approve") return complete(tx, id, caller, input.note);
      const { count } = await tx.shiftSwap.updateMany({ where: { id, status: "accepted" }, data: { status: "declined", decidedById: caller.userId, decidedAt: new Date(), decisionNote: input.note || null } });
      if (count === 0) throw conflict("This swap was already decided");
      const declined = await tx.shiftSwap.findUniqueOrThrow({ where: { id }, select: swapSelect });
      const lines = [...describe(declined), ...(input.note ? [`Note: ${input.note}`] : [])];
      return notifySchedule(
        tx,
        caller.userId,
        { type: "swap", id: `${id}:declined` },
        [declined.offeredById, declined.acceptedById!].map((userId) => ({ userId, message: `${memberName(caller)} declined the ${declined.kind}`, subject: `Your ${declined.kind} was declined`, lines })),
      );
    });
    if (emailNow) requestAlertMail();
  } catch (error) {
    throw overlapConflict(error);
  }
  return oneSwap(db, id);
}

/** POST /api/schedule/swaps/[id]/cancel: the offerer withdraws an open or accepted offer. */
export async function cancelSwap(caller: Caller, id: string): Promise<SwapAnswer> {
  const row = await db.shiftSwap.findFirst({ where: { id, offeredById: caller.userId }, select: { status: true } });
  if (!row) throw notFound(SWAP_NOT_FOUND);
  if (row.status === "cancelled") return oneSwap(db, id);
  const { emailNow } = await db.$transaction(async (tx) => {
    const { count } = await tx.shiftSwap.updateMany({ where: { id, status: { in: [...LIVE] } }, data: { status: "cancelled" } });
    if (count === 0) throw conflict(`This offer is already ${row.status}`);
    const s = await tx.shiftSwap.findUniqueOrThrow({ where: { id }, select: swapSelect });
    if (!s.acceptedById) return { emailNow: false };
    return notifySchedule(tx, caller.userId, { type: "swap", id: `${id}:cancelled` }, [
      { userId: s.acceptedById, message: `${memberName(caller)} withdrew the ${s.kind} you accepted`, subject: `A ${s.kind} was withdrawn`, lines: describe(s) },
    ]);
  });
  if (emailNow) requestAlertMail();
  return oneSwap(db, id);
}

/** PATCH /api/schedule/units/[id]: whether the department's swaps and covers wait for approval. */
export async function updateUnitScheduleSettings(caller: Caller, unitId: string, input: { swapsNeedApproval: boolean }): Promise<z.output<typeof unitScheduleSettingsResultSchema>> {
  const unit = await db.organizationalUnit.findUnique({ where: { id: unitId }, select: { id: true } });
  if (!unit) throw notFound(UNIT_NOT_FOUND);
  await assertSchedulesUnit(caller, unitId);
  const row = await db.organizationalUnit.update({ where: { id: unitId }, data: { swapsNeedApproval: input.swapsNeedApproval }, select: { id: true, swapsNeedApproval: true } });
  return { unitId: row.id, swapsNeedApproval: row.swapsNeedApproval };
}
