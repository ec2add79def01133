import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import type { savedShiftSchema } from "@/lib/schedule/contracts";
import { shiftLine } from "@/lib/schedule/format";
import { parseShiftTime, shiftTimeProblem } from "@/lib/schedule/shift-times";
import type { UpdateShiftInput } from "@/lib/validations/schedule";
import { notifySchedule, type ScheduleMessage } from "./notify-schedule";
import { assertSchedulesUnit, scheduledShiftOr404 } from "./scope";
import { assertMemberOfUnit, assertUnitExists, overlapConflict } from "./shift-rules";
import { memberName, postNames, shiftSelect, snapshot, toShift } from "./shift-shape";
import { shiftWarnings } from "./shift-warnings";

/**
 * PATCH /api/schedule/shifts/[id]: edit or move (another member, day or department). The
 * history keeps the shift before and after. A published shift stays published, and its member
 * is told (and the member it was taken from, when it moved to someone else). Answers the shift
 * with its warnings, as adding one does.
 */
export async function updateShift(caller: Caller, id: string, input: UpdateShiftInput): Promise<z.output<typeof savedShiftSchema>> {
  const before = await scheduledShiftOr404(caller, id, shiftSelect);
  const unitId = input.unitId ?? before.unitId;
  if (input.unitId && input.unitId !== before.unitId) {
    await assertUnitExists(db, input.unitId);
    await assertSchedulesUnit(caller, input.unitId);
  }
  const userId = input.userId === undefined ? before.userId : input.userId;
  if (userId && (userId !== before.userId || unitId !== before.unitId)) await assertMemberOfUnit(db, userId, unitId);
  const startsAt = input.startsAt ? parseShiftTime(input.startsAt)! : before.startsAt;
  const endsAt = input.endsAt ? parseShiftTime(input.endsAt)! : before.endsAt;
  const breakMinutes = input.breakMinutes ?? before.breakMinutes;
  const problem = shiftTimeProblem(startsAt, endsAt, breakMinutes);
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`, { field: problem.field });

  try {
    const { row, emailNow } = await db.$transaction(async (tx) => {
      const row = await tx.shift.update({
        where: { id },
        data: {
          userId,
          unitId,
          startsAt,
          endsAt,
          breakMinutes,
          ...(input.roleLabel !== undefined ? { roleLabel: input.roleLabel || null } : {}),
          ...(input.punchLocation !== undefined ? { punchLocation: input.punchLocation || null } : {}),
          ...(input.note !== undefined ? { note: input.note || null } : {}),
        },
        select: shiftSelect,
      });
      const change = await tx.shiftChange.create({ data: { shiftId: id, actorId: caller.userId, action: "updated", before: snapshot(before) as object, after: snapshot(row) as object }, select: { id: true } });
      if (row.status !== "published") return { row, emailNow: false };
      const posts = await postNames(tx, [row.punchLocation]);
      const line = shiftLine({ ...row, placeName: row.punchLocation ? (posts.get(row.punchLocation) ?? row.punchLocation) : null });
      const name = memberName(caller);
      const messages: ScheduleMessage[] = [];
      if (row.userId) messages.push({ userId: row.userId, message: `${name} changed your shift: ${line}`, subject: "Your shift changed", lines: [line] });
      if (before.userId && before.userId !== row.userId) {
        const old = shiftLine(before);
        messages.push({ userId: before.userId, message: `${name} took you off a shift: ${old}`, subject: "A shift of yours was removed", lines: [old] });
      }
      const told = await notifySchedule(tx, caller.userId, { type: "shift", id: change.id }, messages);
      return { row, emailNow: told.emailNow };
    });
    if (emailNow) requestAlertMail();
    const shift = toShift(row, await postNames(db, [row.punchLocation]));
    return { ...shift, warnings: await shiftWarnings(db, shift) };
  } catch (error) {
    throw overlapConflict(error);
  }
}
