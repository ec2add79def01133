import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { businessToday, dateColumnOf, dateKeyOfDateColumn, type DateKey } from "@/lib/dates";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/app-error";
import type { availabilityRequestSchema, myAvailabilitySchema, pendingAvailabilitySchema, scheduleSettingsAnswerSchema } from "@/lib/availability/contracts";
import { dayLabel } from "@/lib/dates/day-labels";
import { blocksOn, describeWeekly, type AvailabilityBlock } from "@/lib/schedule/availability";
import { requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { decidersOf } from "@/lib/services/schedule/deciders";
import { notifySchedule } from "@/lib/services/schedule/notify-schedule";
import { scheduledUnitIds, unitIdsOf } from "@/lib/services/schedule/scope";
import { memberName } from "@/lib/services/schedule/shift-shape";
import type { SubmitAvailabilityInput } from "@/lib/validations/schedule-planning";

export const AVAILABILITY_NOT_FOUND = "Availability change not found";

const requestSelect = {
  id: true,
  userId: true,
  day: true,
  blocks: true,
  note: true,
  status: true,
  decidedAt: true,
  decisionNote: true,
  withdrawnAt: true,
  createdAt: true,
  user: { select: { firstName: true, lastName: true } },
  decidedBy: { select: { firstName: true, lastName: true } },
} as const;
type RequestRow = Prisma.AvailabilityRequestGetPayload<{ select: typeof requestSelect }>;

const blocksOf = (json: Prisma.JsonValue): AvailabilityBlock[] => (Array.isArray(json) ? (json as unknown as AvailabilityBlock[]) : []);

function toRequest(row: RequestRow): z.output<typeof availabilityRequestSchema> {
  return {
    id: row.id,
    userId: row.userId,
    memberName: memberName(row.user),
    day: row.day ? dateKeyOfDateColumn(row.day) : null,
    blocks: blocksOf(row.blocks),
    note: row.note,
    status: row.status,
    decidedByName: row.decidedBy ? memberName(row.decidedBy) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A change as its notification lists it: "Weekly: Mon: Available 08:00–12:00", "Fri, Dec 18: Unavailable all day", the note. */
export function changeLines(row: { day: Date | null; blocks: Prisma.JsonValue; note: string | null }): string[] {
  const blocks = blocksOf(row.blocks);
  const what = row.day ? `${dayLabel(dateKeyOfDateColumn(row.day))}: ${describeWeekly(blocks, true)}` : `Weekly: ${describeWeekly(blocks, false)}`;
  return [what, ...(row.note ? [`Note: ${row.note}`] : [])];
}

/** Whether availability changes wait for a manager (the schedule's setting). */
export async function availabilityRequiresApproval(client: Db = db): Promise<boolean> {
  const row = await client.scheduleSettings.findUnique({ where: { id: 1 }, select: { availabilityRequiresApproval: true } });
  return row?.availabilityRequiresApproval ?? true;
}

/** GET /api/availability. */
export async function getMyAvailability(caller: Caller): Promise<z.output<typeof myAvailabilitySchema>> {
  const today = dateColumnOf(businessToday());
  const [requiresApproval, inForce, requests] = await Promise.all([
    availabilityRequiresApproval(),
    db.availabilityRequest.findMany({
      where: { userId: caller.userId, status: "approved", OR: [{ day: null }, { day: { gte: today } }] },
      orderBy: [{ day: "asc" }],
      take: 200,
      select: requestSelect,
    }),
    db.availabilityRequest.findMany({
      where: { userId: caller.userId, status: { in: ["pending", "declined"] } },
      orderBy: [{ createdAt: "desc" }],
      take: 20,
      select: requestSelect,
    }),
  ]);
  const weekly = inForce.find((r) => r.day === null);
  return {
    requiresApproval,
    weekly: weekly ? blocksOf(weekly.blocks) : [],
    exceptions: inForce.filter((r) => r.day !== null).map(toRequest),
    requests: requests.map(toRequest),
  };
}

/** Puts a change in force: the one before it (same member, pattern or date) is superseded. */
async function putInForce(tx: Prisma.TransactionClient, row: { id: string; userId: string; day: Date | null }) {
  await tx.availabilityRequest.updateMany({ where: { userId: row.userId, day: row.day, status: "approved", NOT: { id: row.id } }, data: { status: "superseded" } });
}

/**
 * POST /api/availability: the weekly pattern (no day) or a date's exception. It replaces my
 * pending change of the same pattern or date; it waits for a manager when the setting says so,
 * else it is in force at once. One member's changes are serialized by an advisory lock, and the
 * database keeps one pending and one approved per pattern or date (partial unique indexes).
 * The managers of my departments (the admins when none) are told.
 */
export async function submitAvailability(caller: Caller, input: SubmitAvailabilityInput): Promise<z.output<typeof availabilityRequestSchema>> {
  const requiresApproval = await availabilityRequiresApproval();
  const day = input.day ? dateColumnOf(input.day) : null;
  const { request, emailNow } = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`availability:${caller.userId}`}))`;
    await tx.availabilityRequest.updateMany({ where: { userId: caller.userId, day, status: "pending" }, data: { status: "superseded" } });
    const now = new Date();
    if (!requiresApproval) await tx.availabilityRequest.updateMany({ where: { userId: caller.userId, day, status: "approved" }, data: { status: "superseded" } });
    const row = await tx.availabilityRequest.create({
      data: {
        userId: caller.userId,
        day,
        blocks: input.blocks as unknown as Prisma.InputJsonValue,
        note: input.note || null,
        status: requiresApproval ? "pending" : "approved",
        decidedAt: requiresApproval ? null : now,
      },
      select: requestSelect,
    });
    // The managers of my departments (the admins when none) are told: to decide it, or that it is in force.
    const name = memberName(row.user);
    const deciders = await decidersOf(tx, caller.userId, await unitIdsOf(caller));
    const told = await notifySchedule(
      tx,
      caller.userId,
      { type: "availability_change", id: row.id },
      deciders.map((id) => ({
        userId: id,
        message: requiresApproval ? `${name} asks to change their availability` : `${name} changed their availability`,
        subject: requiresApproval ? `Availability change to approve: ${name}` : `Availability changed: ${name}`,
        lines: changeLines(row),
      })),
      "/schedule",
    );
    return { request: toRequest(row), emailNow: told.emailNow };
  });
  if (emailNow) requestAlertMail();
  return request;
}

/** The changes the caller decides: of members of the departments they schedule (admins: all), never their own. */
async function decidedWhere(caller: Caller): Promise<Prisma.AvailabilityRequestWhereInput> {
  const units = await scheduledUnitIds(caller);
  return { AND: [{ userId: { not: caller.userId } }, units === null ? {} : { user: { memberships: { some: { unitId: { in: units } } } } }] };
}

/** GET /api/availability/pending: with what is in force now for each (the pattern's day, or the date). */
export async function getPendingAvailability(caller: Caller): Promise<z.output<typeof pendingAvailabilitySchema>> {
  const rows = await db.availabilityRequest.findMany({
    where: { AND: [{ status: "pending" }, await decidedWhere(caller)] },
    orderBy: [{ createdAt: "asc" }],
    take: 200,
    select: requestSelect,
  });
  const current = await db.availabilityRequest.findMany({
    where: { status: "approved", userId: { in: [...new Set(rows.map((r) => r.userId))] } },
    select: { userId: true, day: true, blocks: true },
  });
  const key = (userId: string, day: Date | null) => `${userId}|${day ? dateKeyOfDateColumn(day) : ""}`;
  const inForce = new Map(current.map((c) => [key(c.userId, c.day), blocksOf(c.blocks)]));
  return { requests: rows.map((r) => ({ ...toRequest(r), current: inForce.get(key(r.userId, r.day)) ?? [] })) };
}

/** POST /api/availability/[id]/decision: approving puts the change in force; the same decision again changes nothing. */
export async function decideAvailability(caller: Caller, id: string, input: { decision: "approve" | "decline"; note?: string | null }): Promise<z.output<typeof availabilityRequestSchema>> {
  const visible = await db.availabilityRequest.findFirst({ where: { AND: [{ id }, await decidedWhere(caller)] }, select: { id: true } });
  if (!visible) throw notFound(AVAILABILITY_NOT_FOUND);
  const target = input.decision === "approve" ? "approved" : "declined";
  const { request, emailNow } = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Array<{ status: string; user_id: string; day: Date | null }>>`
      SELECT status::text AS status, user_id, day FROM availability_requests WHERE id = ${id}::uuid FOR UPDATE`;
    if (!locked) throw notFound(AVAILABILITY_NOT_FOUND);
    if (locked.status === target) return { request: toRequest(await tx.availabilityRequest.findUniqueOrThrow({ where: { id }, select: requestSelect })), emailNow: false };
    if (locked.status !== "pending") throw conflict(`This change is already ${locked.status}`);
    if (target === "approved") await putInForce(tx, { id, userId: locked.user_id, day: locked.day });
    const row = await tx.availabilityRequest.update({
      where: { id },
      data: { status: target, decidedById: caller.userId, decidedAt: new Date(), decisionNote: input.note || null },
      select: requestSelect,
    });
    // The member is told, once per change.
    const decider = memberName(caller);
    const told = await notifySchedule(tx, caller.userId, { type: "availability_decision", id }, [
      {
        userId: row.userId,
        message: `${decider} ${target} your availability change`,
        subject: `Availability change ${target}`,
        lines: [...changeLines(row), ...(row.decisionNote ? [`${decider}'s note: ${row.decisionNote}`] : [])],
      },
    ]);
    return { request: toRequest(row), emailNow: told.emailNow };
  });
  if (emailNow) requestAlertMail();
  return request;
}

/**
 * POST /api/availability/[id]/withdraw: the member takes back their own change: a pending one
 * (the weekly pattern or a date), or a date's exception in force from today on (that day reads
 * the weekly pattern again). Audited (`availability.withdraw`); the managers of the member's
 * departments (the admins when none) are told. Withdrawing it again answers 200 and changes
 * nothing; a declined or replaced change, the weekly pattern in force (send a new one) or a
 * past day's exception answer 409; another member's change 404.
 */
export async function withdrawAvailability(caller: Caller, id: string): Promise<z.output<typeof availabilityRequestSchema>> {
  const { request, emailNow } = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`availability:${caller.userId}`}))`;
    const [locked] = await tx.$queryRaw<Array<{ status: string; day: Date | null }>>`
      SELECT status::text AS status, day FROM availability_requests WHERE id = ${id}::uuid AND user_id = ${caller.userId}::uuid FOR UPDATE`;
    if (!locked) throw notFound(AVAILABILITY_NOT_FOUND);
    if (locked.status === "withdrawn") return { request: toRequest(await tx.availabilityRequest.findUniqueOrThrow({ where: { id }, select: requestSelect })), emailNow: false };
    if (locked.status === "approved" && locked.day === null) throw conflict("The weekly availability in force cannot be withdrawn: send a new one");
    if (locked.status === "approved" && dateKeyOfDateColumn(locked.day!) < businessToday()) throw conflict("This day has passed");
    if (locked.status !== "pending" && locked.status !== "approved") throw conflict(`This change is already ${locked.status}`);
    const row = await tx.availabilityRequest.update({ where: { id }, data: { status: "withdrawn", withdrawnAt: new Date() }, select: requestSelect });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "availability.withdraw",
      entityType: "availability_request",
      entityId: id,
      before: { status: locked.status },
      after: { status: "withdrawn" },
      metadata: { day: row.day ? dateKeyOfDateColumn(row.day) : null },
    });
    const name = memberName(row.user);
    const wasInForce = locked.status === "approved";
    const deciders = await decidersOf(tx, caller.userId, await unitIdsOf(caller));
    const told = await notifySchedule(
      tx,
      caller.userId,
      { type: "availability_withdrawal", id },
      deciders.map((userId) => ({
        userId,
        message: wasInForce ? `${name} withdrew an availability exception` : `${name} withdrew an availability change`,
        subject: `Availability change withdrawn: ${name}`,
        lines: [...changeLines(row), ...(wasInForce ? ["Their weekly availability applies again that day."] : [])],
      })),
      "/schedule",
    );
    return { request: toRequest(row), emailNow: told.emailNow };
  });
  if (emailNow) requestAlertMail();
  return request;
}

/** PUT /api/schedule/settings. */
export async function updateScheduleSettings(caller: Caller, input: { availabilityRequiresApproval: boolean }): Promise<z.output<typeof scheduleSettingsAnswerSchema>> {
  const row = await db.scheduleSettings.upsert({
    where: { id: 1 },
    create: { id: 1, availabilityRequiresApproval: input.availabilityRequiresApproval, updatedById: caller.userId },
    update: { availabilityRequiresApproval: input.availabilityRequiresApproval, updatedById: caller.userId },
    select: { availabilityRequiresApproval: true },
  });
  return row;
}

/** The approved availability of some members on each day of `days` (only days with blocks): the week grid's. */
export async function availabilityOn(client: Db, userIds: string[], days: DateKey[]): Promise<{ userId: string; day: DateKey; blocks: AvailabilityBlock[]; exception: boolean }[]> {
  if (userIds.length === 0 || days.length === 0) return [];
  const rows = await client.availabilityRequest.findMany({
    where: { userId: { in: userIds }, status: "approved", OR: [{ day: null }, { day: { gte: dateColumnOf(days[0]), lte: dateColumnOf(days[days.length - 1]) } }] },
    select: { userId: true, day: true, blocks: true },
  });
  const weekly = new Map<string, AvailabilityBlock[]>();
  const exceptions = new Map<string, AvailabilityBlock[]>();
  for (const r of rows) {
    if (r.day) exceptions.set(`${r.userId}|${dateKeyOfDateColumn(r.day)}`, blocksOf(r.blocks));
    else weekly.set(r.userId, blocksOf(r.blocks));
  }
  const users = [...new Set(rows.map((r) => r.userId))];
  return users.flatMap((userId) =>
    days.flatMap((day) => {
      const exception = exceptions.get(`${userId}|${day}`) ?? null;
      const blocks = blocksOn(day, weekly.get(userId) ?? null, exception);
      return blocks.length || exception ? [{ userId, day, blocks, exception: exception !== null }] : [];
    }),
  );
}
