import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { savedShiftSchema } from "@/lib/schedule/contracts";
import { parseShiftTime } from "@/lib/schedule/shift-times";
import type { CreateShiftInput } from "@/lib/validations/schedule";
import { assertSchedulesUnit } from "./scope";
import { assertMemberOfUnit, assertUnitExists, overlapConflict } from "./shift-rules";
import { shiftSelect, snapshot, toShifts } from "./shift-shape";
import { shiftWarnings } from "./shift-warnings";

/** POST /api/schedule/shifts: a draft shift in a department the caller plans, with what it runs into (its warnings). */
export async function createShift(caller: Caller, input: CreateShiftInput): Promise<z.output<typeof savedShiftSchema>> {
  await assertUnitExists(db, input.unitId);
  await assertSchedulesUnit(caller, input.unitId);
  if (input.userId) await assertMemberOfUnit(db, input.userId, input.unitId);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.shift.create({
        data: {
          userId: input.userId ?? null,
          unitId: input.unitId,
          roleLabel: input.roleLabel || null,
          punchLocation: input.punchLocation || null,
          startsAt: parseShiftTime(input.startsAt)!,
          endsAt: parseShiftTime(input.endsAt)!,
          breakMinutes: input.breakMinutes ?? 0,
          note: input.note || null,
          createdById: caller.userId,
        },
        select: shiftSelect,
      });
      await tx.shiftChange.create({ data: { shiftId: created.id, actorId: caller.userId, action: "created", after: snapshot(created) as object } });
      return created;
    });
    const shift = (await toShifts(db, [row]))[0];
    return { ...shift, warnings: await shiftWarnings(db, shift) };
  } catch (error) {
    throw overlapConflict(error);
  }
}
