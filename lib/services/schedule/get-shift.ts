import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { shiftDetailSchema } from "@/lib/schedule/contracts";
import { historySummary } from "@/lib/schedule/history";
import { scheduledShiftOr404 } from "./scope";
import { memberName, postNames, shiftSelect, toShift } from "./shift-shape";

/** GET /api/schedule/shifts/[id]: the shift and who changed what, newest first. */
export async function getShift(caller: Caller, id: string): Promise<z.output<typeof shiftDetailSchema>> {
  const row = await scheduledShiftOr404(caller, id, shiftSelect);
  const [posts, changes] = await Promise.all([
    postNames(db, [row.punchLocation]),
    db.shiftChange.findMany({
      where: { shiftId: id },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: 100,
      select: { id: true, action: true, before: true, after: true, createdAt: true, actor: { select: { firstName: true, lastName: true } } },
    }),
  ]);
  return {
    ...toShift(row, posts),
    history: changes.map((c) => ({
      id: c.id,
      action: c.action,
      actorName: memberName(c.actor),
      at: c.createdAt.toISOString(),
      summary: historySummary(c.action, c.before as Record<string, unknown> | null, c.after as Record<string, unknown> | null),
    })),
  };
}
