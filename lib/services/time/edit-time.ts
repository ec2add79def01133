import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import type { TimeEditInput, timeEditResultSchema } from "@/lib/validations/time";
import { assertNotLocked } from "./locks";
import { ENDS_BEFORE_START, inTimeTransaction, writeTimeEdit } from "./time-edits";
import type { z } from "zod";

export const PUNCH_NOT_FOUND = "Punch not found";
export const ENTRY_NOT_FOUND = "Task time not found";
export const MEMBER_NOT_FOUND = "Member not found";
export const SPLIT_OPEN_PUNCH = "Close the punch before splitting it.";
export const SPLIT_OUTSIDE = "The split must fall inside the punch, with the second part starting before the punch ends.";
/** The location recorded on punches an administrator adds on the time card. */
export const TIME_CARD_LOCATION = "time card";

const punchFields = { id: true, userId: true, punchInAt: true, punchOutAt: true, outReason: true, autoClosed: true } as const;
type PunchSnapshot = Prisma.PunchSessionGetPayload<{ select: typeof punchFields }>;

async function lockPunch(tx: Prisma.TransactionClient, id: string): Promise<PunchSnapshot> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM punch_sessions WHERE id = ${id}::uuid FOR UPDATE`;
  if (rows.length === 0) throw notFound(PUNCH_NOT_FOUND);
  return tx.punchSession.findUniqueOrThrow({ where: { id }, select: punchFields });
}

const endOf = (p: { punchInAt: Date; punchOutAt: Date | null }, now: Date) => p.punchOutAt ?? new Date(Math.max(now.getTime(), p.punchInAt.getTime()));
const snap = (p: PunchSnapshot) => ({ punchInAt: p.punchInAt, punchOutAt: p.punchOutAt, outReason: p.outReason, autoClosed: p.autoClosed });

function assertOrder(start: Date, end: Date) {
  if (end.getTime() <= start.getTime()) throw badRequest(ENDS_BEFORE_START);
}

export type TimeEditResult = z.input<typeof timeEditResultSchema>;

/**
 * POST /api/admin/time/edits: one audited change to a member's time. Each action runs in one
 * transaction that also writes its TimeEdit rows (before, after, who, reason); a locked pay
 * period (old or new times) refuses it; the database's invariants answer 409 (time-edits.ts).
 * `via` marks an approved correction request (action "correction" on the TimeEdit).
 */
export async function editTime(
  caller: Pick<Caller, "userId">,
  input: TimeEditInput,
  opts: { via?: "correction"; tx?: Prisma.TransactionClient } = {},
): Promise<TimeEditResult> {
  const run = (fn: (tx: Prisma.TransactionClient) => Promise<TimeEditResult>) => (opts.tx ? fn(opts.tx) : inTimeTransaction(fn));
  const now = new Date();
  const editedById = caller.userId;
  const reason = input.reason;
  const tag = (action: "create" | "update" | "delete" | "split") => (opts.via === "correction" ? "correction" : action);

  switch (input.action) {
    case "update-punch":
      assertOrder(input.punchInAt, input.punchOutAt);
      return run(async (tx) => {
        const before = await lockPunch(tx, input.punchId);
        await assertNotLocked(tx, before.userId, before.punchInAt, endOf(before, now), caller);
        await assertNotLocked(tx, before.userId, input.punchInAt, input.punchOutAt, caller);
        const after = await tx.punchSession.update({
          where: { id: before.id },
          data: {
            punchInAt: input.punchInAt,
            punchOutAt: input.punchOutAt,
            outReason: input.outReason ?? before.outReason ?? "End of Workday",
            outReasonOther: input.outReason && input.outReason !== "Other" ? null : undefined,
            // A corrected punch counts again (the forgotten flag stays as history).
            autoClosed: false,
          },
          select: punchFields,
        });
        await writeTimeEdit(tx, {
          userId: before.userId,
          action: tag("update"),
          entityType: "punch_session",
          entityId: before.id,
          punchSessionId: before.id,
          editedById,
          reason,
          before: snap(before),
          after: snap(after),
        });
        return { action: input.action, ids: [before.id] };
      });

    case "create-punch":
      assertOrder(input.punchInAt, input.punchOutAt);
      return run(async (tx) => {
        const member = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true } });
        if (!member) throw notFound(MEMBER_NOT_FOUND);
        await assertNotLocked(tx, input.userId, input.punchInAt, input.punchOutAt, caller);
        const created = await tx.punchSession.create({
          data: {
            userId: input.userId,
            punchInAt: input.punchInAt,
            punchOutAt: input.punchOutAt,
            inLocation: TIME_CARD_LOCATION,
            outLocation: TIME_CARD_LOCATION,
            outSource: "desktop",
            outReason: input.outReason,
          },
          select: punchFields,
        });
        await writeTimeEdit(tx, {
          userId: input.userId,
          action: tag("create"),
          entityType: "punch_session",
          entityId: created.id,
          punchSessionId: created.id,
          editedById,
          reason,
          before: null,
          after: snap(created),
        });
        return { action: input.action, ids: [created.id] };
      });

    case "split-punch":
      return run(async (tx) => {
        const before = await lockPunch(tx, input.punchId);
        if (!before.punchOutAt) throw conflict(SPLIT_OPEN_PUNCH);
        const secondStart = new Date(input.at.getTime() + input.gapMinutes * 60_000);
        if (input.at <= before.punchInAt || secondStart >= before.punchOutAt) throw badRequest(SPLIT_OUTSIDE);
        await assertNotLocked(tx, before.userId, before.punchInAt, before.punchOutAt, caller);
        const first = await tx.punchSession.update({
          where: { id: before.id },
          data: { punchOutAt: input.at, outReason: input.outReason, outReasonOther: null, autoClosed: false },
          select: punchFields,
        });
        const second = await tx.punchSession.create({
          data: {
            userId: before.userId,
            punchInAt: secondStart,
            punchOutAt: before.punchOutAt,
            inLocation: TIME_CARD_LOCATION,
            outLocation: TIME_CARD_LOCATION,
            outSource: "desktop",
            outReason: before.outReason,
          },
          select: punchFields,
        });
        // Task time after the split moves with the second part; time across it fails the invariant (409).
        await tx.taskTimeEntry.updateMany({ where: { punchSessionId: before.id, startedAt: { gte: secondStart } }, data: { punchSessionId: second.id } });
        await writeTimeEdit(tx, {
          userId: before.userId,
          action: tag("split"),
          entityType: "punch_session",
          entityId: before.id,
          punchSessionId: before.id,
          editedById,
          reason,
          before: snap(before),
          after: { first: snap(first), second: { id: second.id, ...snap(second) } },
        });
        await writeTimeEdit(tx, {
          userId: before.userId,
          action: tag("create"),
          entityType: "punch_session",
          entityId: second.id,
          punchSessionId: second.id,
          editedById,
          reason,
          before: null,
          after: { ...snap(second), splitFrom: before.id },
        });
        return { action: input.action, ids: [first.id, second.id] };
      });

    case "delete-punch":
      return run(async (tx) => {
        const before = await lockPunch(tx, input.punchId);
        await assertNotLocked(tx, before.userId, before.punchInAt, endOf(before, now), caller);
        const entries = await tx.taskTimeEntry.findMany({ where: { punchSessionId: before.id } });
        for (const entry of entries) {
          await writeTimeEdit(tx, {
            userId: before.userId,
            action: tag("delete"),
            entityType: "task_time_entry",
            entityId: entry.id,
            punchSessionId: null,
            editedById,
            reason,
            before: { taskId: entry.taskId, startedAt: entry.startedAt, endedAt: entry.endedAt, punchSessionId: before.id },
            after: null,
          });
        }
        await tx.taskTimeEntry.deleteMany({ where: { punchSessionId: before.id } });
        await writeTimeEdit(tx, {
          userId: before.userId,
          action: tag("delete"),
          entityType: "punch_session",
          entityId: before.id,
          punchSessionId: null,
          editedById,
          reason,
          before: { ...snap(before), taskTimeEntries: entries.length },
          after: null,
        });
        await tx.punchSession.delete({ where: { id: before.id } });
        return { action: input.action, ids: [before.id] };
      });

    case "update-entry":
      assertOrder(input.startedAt, input.endedAt);
      return run(async (tx) => {
        const entry = await tx.taskTimeEntry.findUnique({ where: { id: input.entryId } });
        if (!entry) throw notFound(ENTRY_NOT_FOUND);
        const punch = await lockPunch(tx, entry.punchSessionId);
        await assertNotLocked(tx, entry.userId, punch.punchInAt, endOf(punch, now), caller);
        await assertNotLocked(tx, entry.userId, input.startedAt, input.endedAt, caller);
        await tx.taskTimeEntry.update({ where: { id: entry.id }, data: { startedAt: input.startedAt, endedAt: input.endedAt } });
        await writeTimeEdit(tx, {
          userId: entry.userId,
          action: tag("update"),
          entityType: "task_time_entry",
          entityId: entry.id,
          punchSessionId: entry.punchSessionId,
          editedById,
          reason,
          before: { taskId: entry.taskId, startedAt: entry.startedAt, endedAt: entry.endedAt },
          after: { taskId: entry.taskId, startedAt: input.startedAt, endedAt: input.endedAt },
        });
        return { action: input.action, ids: [entry.id] };
      });

    case "delete-entry":
      return run(async (tx) => {
        const entry = await tx.taskTimeEntry.findUnique({ where: { id: input.entryId } });
        if (!entry) throw notFound(ENTRY_NOT_FOUND);
        const punch = await lockPunch(tx, entry.punchSessionId);
        await assertNotLocked(tx, entry.userId, punch.punchInAt, endOf(punch, now), caller);
        await tx.taskTimeEntry.delete({ where: { id: entry.id } });
        await writeTimeEdit(tx, {
          userId: entry.userId,
          action: tag("delete"),
          entityType: "task_time_entry",
          entityId: entry.id,
          punchSessionId: entry.punchSessionId,
          editedById,
          reason,
          before: { taskId: entry.taskId, startedAt: entry.startedAt, endedAt: entry.endedAt },
          after: null,
        });
        return { action: input.action, ids: [entry.id] };
      });
  }
}
