import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { SeriesDto } from "@/lib/validations/recurrence";
import { generateOccurrences } from "./generate-occurrences";
import { getSeries } from "./list-series";
import { loadSeriesOrThrow } from "./series-access";

export const SERIES_ENDED = "This recurring task has ended";

export type SeriesAction = "pause" | "resume" | "end";

/**
 * Pause (nothing is created while paused), resume (generation restarts from now: the paused
 * period is not back-filled) and end now (final). Repeating an action is harmless; acting on an
 * ended series is a 409. Conditional updates, so a concurrent pause and resume cannot interleave.
 */
export async function setSeriesState(caller: Caller, id: string, action: SeriesAction, now = new Date()): Promise<SeriesDto> {
  const { series } = await loadSeriesOrThrow(caller, id, { edit: true });
  if (series.recurrenceEndedAt && action !== "end") throw conflict(SERIES_ENDED);

  await db.$transaction(async (tx) => {
    const data =
      action === "pause"
        ? { where: { recurrencePausedAt: null }, set: { recurrencePausedAt: now } }
        : action === "resume"
          ? { where: { recurrencePausedAt: { not: null } }, set: { recurrencePausedAt: null, recurrenceGenerateAfter: now } }
          : { where: { recurrenceEndedAt: null }, set: { recurrenceEndedAt: now } };
    const { count } = await tx.task.updateMany({ where: { id, deletedAt: null, recurrenceEndedAt: null, ...data.where }, data: data.set });
    if (count > 0) {
      await recordAudit(tx, { actorId: caller.userId, action: `recurrence.${action}`, entityType: "task", entityId: id, after: data.set });
    }
  });
  if (action === "resume") await generateOccurrences({ seriesId: id, now });
  return getSeries(caller, id, now);
}
