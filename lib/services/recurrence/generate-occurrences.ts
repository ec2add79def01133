import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { addDays, dateColumnOf, dateKeyOf, dateKeyOfDateColumn, daysBetween } from "@/lib/dates";
import { db } from "@/lib/db";
import { datesThrough, dueInstant, type ScheduledDate } from "@/lib/recurrence/schedule";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { nextTaskDisplayNumber } from "@/lib/services/tasks/next-display-number";
import { combineDayAndTime, splitInstant } from "@/lib/dates/day-time";
import { lookaheadDays, seriesRuleOf, seriesRuleSelect } from "./series-rule";

export interface GenerateOptions {
  /** The clock (tests and the test hook move it). */
  now?: Date;
  /** Only this series (right after it is created or edited). */
  seriesId?: string;
  /** Overrides RECURRENCE_LOOKAHEAD_DAYS. */
  lookaheadDays?: number;
  /** Test seam: called after each committed occurrence (a throw simulates a crash between two). */
  afterEach?: (occurrence: { seriesId: string; day: string }) => void;
}

export interface GenerateResult {
  series: number;
  created: number;
  late: number;
}

/** An active series: recurring, not deleted, paused or ended. */
export const activeSeriesWhere: Prisma.TaskWhereInput = {
  isRecurring: true,
  recurringPattern: { not: null },
  deletedAt: null,
  recurrencePausedAt: null,
  recurrenceEndedAt: null,
};

const seriesSelect = {
  id: true,
  title: true,
  description: true,
  priority: true,
  organizationalUnitId: true,
  assigneeType: true,
  assigneeId: true,
  vendorId: true,
  projectId: true,
  startDate: true,
  estimatedMinutes: true,
  availableForPickup: true,
  isPrivate: true,
  hasChecklist: true,
  checklistRequired: true,
  createdById: true,
  recurrenceGenerateAfter: true,
  ...seriesRuleSelect,
  checklistItems: { select: { title: true }, orderBy: { position: "asc" } },
  assignments: { select: { userId: true, isLead: true } },
} satisfies Prisma.TaskSelect;

type SeriesRow = Prisma.TaskGetPayload<{ select: typeof seriesSelect }>;

/**
 * Creates every occurrence whose due day falls within the look-ahead window (today + N days,
 * business zone), for every active series or one. Idempotent: dates up to a series' latest
 * occurrence are never considered again, each occurrence is its own transaction under the
 * series row's lock, and a unique (series, day) index backs it up, so reruns, crashes and
 * concurrent generators never duplicate. After downtime, of the dates whose due time has
 * already passed only the most recent is created, marked late.
 */
export async function generateOccurrences(options: GenerateOptions = {}): Promise<GenerateResult> {
  const now = options.now ?? new Date();
  const windowEnd = addDays(dateKeyOf(now), options.lookaheadDays ?? lookaheadDays());
  const series = await db.task.findMany({
    where: { ...activeSeriesWhere, ...(options.seriesId ? { id: options.seriesId } : {}) },
    select: seriesSelect,
    orderBy: { id: "asc" },
  });
  const latest = await latestOccurrenceDays(series.map((s) => s.id));
  const result: GenerateResult = { series: series.length, created: 0, late: 0 };

  for (const row of series) {
    for (const { date, late } of datesToCreate(row, latest.get(row.id) ?? null, now, windowEnd)) {
      if (await createOccurrence(row, date, late, now)) {
        result.created += 1;
        if (late) result.late += 1;
      }
      options.afterEach?.({ seriesId: row.id, day: date.day });
    }
  }
  return result;
}

/** Latest occurrence day per series (deleted occurrences count: a deleted date is not recreated). */
async function latestOccurrenceDays(seriesIds: string[]): Promise<Map<string, string>> {
  if (seriesIds.length === 0) return new Map();
  const groups = await db.task.groupBy({ by: ["recurrenceSourceId"], where: { recurrenceSourceId: { in: seriesIds } }, _max: { occurrenceDate: true } });
  return new Map(groups.filter((g) => g._max.occurrenceDate).map((g) => [g.recurrenceSourceId!, dateKeyOfDateColumn(g._max.occurrenceDate!)]));
}

function datesToCreate(row: SeriesRow, latestDay: string | null, now: Date, windowEnd: string): { date: ScheduledDate; late: boolean }[] {
  const rule = seriesRuleOf(row);
  const candidates = datesThrough(rule, windowEnd).filter(
    (date) => (!latestDay || date.day > latestDay) && (!row.recurrenceGenerateAfter || dueInstant(rule, date.day) >= row.recurrenceGenerateAfter),
  );
  const missed = candidates.filter((date) => dueInstant(rule, date.day) < now);
  const upcoming = candidates.filter((date) => dueInstant(rule, date.day) >= now);
  const lastMissed = missed.at(-1);
  return [...(lastMissed ? [{ date: lastMissed, late: true }] : []), ...upcoming.map((date) => ({ date, late: false }))];
}

/** One occurrence with its number, fresh checklist, team and audit row, all or nothing. False when it already existed. */
async function createOccurrence(series: SeriesRow, date: ScheduledDate, late: boolean, now: Date): Promise<boolean> {
  const rule = seriesRuleOf(series);
  const dueDate = dueInstant(rule, date.day);
  const startDate = series.startDate ? occurrenceStart(series.startDate, series.dueDate, date.day) : null;
  const occurrenceDate = dateColumnOf(date.day);

  return db.$transaction(async (tx) => {
    // Serializes generators per series; re-reads its state so a pause/end/delete that just committed wins.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM tasks WHERE id = ${series.id}::uuid AND is_recurring AND deleted_at IS NULL
        AND recurrence_paused_at IS NULL AND recurrence_ended_at IS NULL FOR UPDATE`;
    if (locked.length === 0) return false;
    const existing = await tx.task.findFirst({ where: { recurrenceSourceId: series.id, occurrenceDate }, select: { id: true } });
    if (existing) return false;

    const displayNumber = await nextTaskDisplayNumber(tx);
    const lead = series.assignments.find((a) => a.isLead)?.userId ?? null;
    const task = await tx.task.create({
      data: {
        displayNumber,
        title: series.title,
        description: series.description,
        priority: series.priority,
        status: "open",
        organizationalUnitId: series.organizationalUnitId,
        assigneeType: series.assigneeType,
        assigneeId: series.assigneeId,
        vendorId: series.vendorId,
        projectId: series.projectId,
        dueDate,
        startDate,
        estimatedMinutes: series.estimatedMinutes,
        availableForPickup: series.availableForPickup,
        isPrivate: series.isPrivate,
        hasChecklist: series.hasChecklist,
        checklistRequired: series.checklistRequired,
        createdById: series.createdById,
        recurrenceSourceId: series.id,
        occurrenceDate,
        occurrenceIndex: date.index,
        occurrenceLate: late,
        checklistItems: { create: series.hasChecklist ? series.checklistItems.map((item, position) => ({ title: item.title, position })) : [] },
        assignments: { create: series.assignments.map((a) => ({ userId: a.userId, isLead: a.userId === lead })) },
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      actorId: null,
      action: "task.create",
      entityType: "task",
      entityId: task.id,
      after: { title: series.title, dueDate, startDate, occurrenceDate: date.day, occurrenceIndex: date.index, late },
      metadata: { displayNumber, generatedBy: "recurrence", seriesId: series.id, ...(date.moved ? { movedFrom: date.moved.from, reason: date.moved.reason.label } : {}), at: now },
    });
    return true;
  });
}

/** The series' start-to-due offset kept in calendar days and the start's own local time (DST-safe). */
function occurrenceStart(seriesStart: Date, seriesDue: Date, occurrenceDay: string): Date {
  const start = splitInstant(seriesStart, "start");
  const offsetDays = daysBetween(start.day, dateKeyOf(seriesDue));
  return combineDayAndTime(addDays(occurrenceDay, -offsetDays), start.minutes, "start");
}
