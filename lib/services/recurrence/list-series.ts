import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { DEFAULT_HOLIDAY_CALENDAR } from "@/lib/dates/holidays";
import { db } from "@/lib/db";
import { describeRule } from "@/lib/recurrence/rule";
import { dueInstant, totalDates, walkSchedule } from "@/lib/recurrence/schedule";
import { loadViewer, mineWhere } from "@/lib/services/tasks/task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { canEditTask } from "@/lib/tasks/permissions";
import type { ListSeriesQuery, SeriesDto, SeriesPageDto, SeriesState } from "@/lib/validations/recurrence";
import { loadSeriesOrThrow } from "./series-access";
import { seriesRuleOf, seriesRuleSelect } from "./series-rule";
import { numbered } from "@/lib/services/tasks/next-display-number";
import { dateKeyOfDateColumn } from "@/lib/dates";

const person = { select: { firstName: true, lastName: true } } as const;

const seriesSelect = {
  id: true,
  displayNumber: true,
  title: true,
  isPrivate: true,
  createdById: true,
  assigneeId: true,
  vendorId: true,
  organizationalUnitId: true,
  availableForPickup: true,
  status: true,
  deletedAt: true,
  recurrencePausedAt: true,
  recurrenceEndedAt: true,
  recurrenceGenerateAfter: true,
  ...seriesRuleSelect,
  organizationalUnit: { select: { id: true, name: true, unitNumber: true } },
  assignee: person,
  vendor: { select: { name: true } },
  assignments: { select: { userId: true } },
} satisfies Prisma.TaskSelect;

type SeriesRow = Prisma.TaskGetPayload<{ select: typeof seriesSelect }>;

/** The series the caller can see (GET /api/recurring-tasks): newest first, filtered, paginated. */
export async function listSeries(caller: Caller, query: ListSeriesQuery, now = new Date()): Promise<SeriesPageDto> {
  const filters: Prisma.TaskWhereInput[] = [visibleTaskWhere(caller), { isRecurring: true }];
  if (query.mine) filters.push({ OR: [mineWhere(caller.userId), { createdById: caller.userId }] });
  if (query.unitId) filters.push({ organizationalUnitId: query.unitId });
  if (query.paused !== undefined) filters.push({ recurrencePausedAt: query.paused ? { not: null } : null, recurrenceEndedAt: null });
  const where: Prisma.TaskWhereInput = { AND: filters };
  const skip = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([
    db.task.count({ where }),
    db.task.findMany({ where, select: seriesSelect, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take: query.pageSize }),
  ]);
  const items = await toSeriesDtos(caller, rows, now);
  return { items, total, page: query.page, pageSize: query.pageSize, hasMore: skip + rows.length < total };
}

/** One series (the occurrence banner and the series' own detail). */
export async function getSeries(caller: Caller, id: string, now = new Date()): Promise<SeriesDto> {
  await loadSeriesOrThrow(caller, id);
  const row = await db.task.findUniqueOrThrow({ where: { id }, select: seriesSelect });
  const [dto] = await toSeriesDtos(caller, [row], now);
  return dto;
}

/** Batched: one query for the latest occurrences and one for the counts, whatever the page size. */
async function toSeriesDtos(caller: Caller, rows: SeriesRow[], now: Date): Promise<SeriesDto[]> {
  const ids = rows.map((r) => r.id);
  const [viewer, latest, counts] = await Promise.all([
    loadViewer(db, caller),
    ids.length
      ? db.task.findMany({
          where: { recurrenceSourceId: { in: ids }, ...visibleTaskWhere(caller) },
          distinct: ["recurrenceSourceId"],
          orderBy: [{ recurrenceSourceId: "asc" }, { occurrenceDate: "desc" }],
          select: { id: true, displayNumber: true, status: true, dueDate: true, occurrenceIndex: true, occurrenceDate: true, recurrenceSourceId: true },
        })
      : [],
    ids.length ? db.task.groupBy({ by: ["recurrenceSourceId"], where: { recurrenceSourceId: { in: ids } }, _count: { _all: true }, _max: { occurrenceDate: true } }) : [],
  ]);
  const latestBySeries = new Map(latest.map((o) => [o.recurrenceSourceId!, o]));
  const countBySeries = new Map(counts.map((c) => [c.recurrenceSourceId!, c]));

  return rows.map((row) => {
    const rule = seriesRuleOf(row);
    const group = countBySeries.get(row.id);
    const lastDay = group?._max.occurrenceDate ? dateKeyOfDateColumn(group._max.occurrenceDate) : null;
    const notBefore = row.recurrenceGenerateAfter && row.recurrenceGenerateAfter > now ? row.recurrenceGenerateAfter : now;
    let nextDate = null as string | null;
    if (!row.recurrencePausedAt && !row.recurrenceEndedAt) {
      walkSchedule(rule, (date) => {
        if ((lastDay && date.day <= lastDay) || dueInstant(rule, date.day) < notBefore) return true;
        nextDate = dueInstant(rule, date.day).toISOString();
        return false;
      });
    }
    const state: SeriesState = row.recurrenceEndedAt || (!nextDate && !row.recurrencePausedAt) ? "ended" : row.recurrencePausedAt ? "paused" : "active";
    const last = latestBySeries.get(row.id);
    return {
      id: row.id,
      displayNumber: row.displayNumber,
      title: row.title,
      description: describeRule(rule, DEFAULT_HOLIDAY_CALENDAR),
      state,
      isPrivate: row.isPrivate,
      nextDate,
      total: totalDates(rule),
      occurrenceCount: group?._count._all ?? 0,
      lastOccurrence: last
        ? { id: last.id, displayNumber: numbered(last.displayNumber), status: last.status, dueDate: last.dueDate.toISOString(), occurrenceIndex: last.occurrenceIndex }
        : null,
      department: row.organizationalUnit,
      assigneeName: row.vendor ? row.vendor.name : row.assignee ? `${row.assignee.firstName} ${row.assignee.lastName}`.trim() : null,
      permissions: { canEdit: canEditTask(viewer, { ...row, teamUserIds: row.assignments.map((a) => a.userId) }) },
    };
  });
}
