import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import { shiftLine } from "@/lib/schedule/format";
import { notifySchedule } from "./notify-schedule";
import { scheduledShiftOr404 } from "./scope";
import { memberName, shiftSelect, snapshot } from "./shift-shape";

/** DELETE /api/schedule/shifts/[id]: the history keeps it; a published shift's member is told. */
export async function deleteShift(caller: Caller, id: string): Promise<{ ok: true }> {
  const before = await scheduledShiftOr404(caller, id, shiftSelect);
  const emailNow = await db.$transaction(async (tx) => {
    const { count } = await tx.shift.deleteMany({ where: { id } });
    if (count === 0) return false;
    const change = await tx.shiftChange.create({ data: { shiftId: id, actorId: caller.userId, action: "deleted", before: snapshot(before) as object }, select: { id: true } });
    if (before.status !== "published" || !before.userId) return false;
    const line = shiftLine(before);
    const told = await notifySchedule(tx, caller.userId, { type: "shift", id: change.id }, [
      { userId: before.userId, message: `${memberName(caller)} cancelled your shift: ${line}`, subject: "Your shift was cancelled", lines: [line] },
    ]);
    return told.emailNow;
  });
  if (emailNow) requestAlertMail();
  return { ok: true };
}
