/**
 * The Gantt chart's moves on business days (docs/gantt.md), pure and shared by the chart (its
 * rule built from the holidays the timeline API sends) and the server's "shift successors" (its
 * rule from lib/dates/business-days): a drag or a shift keeps a task's length in business days
 * and lands no start or due date on a weekend or a holiday. Dates keep their time of day in the
 * business zone. The Alt key's "exact days" is `datesAfter` in timeline-model.ts.
 */
import { addDays, BUSINESS_TIME_ZONE, dateKeyOf, daysBetween, type DateKey } from "@/lib/dates";
import { addBusinessDaysBy, businessDaysBetween, rollToBusinessDay, type IsBusinessDay } from "@/lib/dates/business-day-steps";
import { shiftDays, type DragMode, type GanttTask } from "./timeline-model";

type Dates = Pick<GanttTask, "startDate" | "dueDate">;

/** The instant `iso` moved to the day `key`, keeping its local time of day. */
function onDay(iso: string, key: DateKey, timeZone: string): string {
  const days = daysBetween(dateKeyOf(Date.parse(iso), timeZone), key);
  return days === 0 ? iso : shiftDays(iso, days, timeZone);
}

const keyOf = (iso: string, timeZone: string) => dateKeyOf(Date.parse(iso), timeZone);

/** The task's length in business days: those after its start up to its due day (0 for a one-day task or a milestone). */
export function businessLength(task: Dates, isBusinessDay: IsBusinessDay, timeZone = BUSINESS_TIME_ZONE): number {
  if (!task.startDate) return 0;
  return Math.max(0, businessDaysBetween(keyOf(task.startDate, timeZone), keyOf(task.dueDate, timeZone), isBusinessDay));
}

/** The task placed to start on `startKey` (a business day), its due date as many business days later as before. */
function placedAt(task: Dates & { startDate: string }, startKey: DateKey, isBusinessDay: IsBusinessDay, timeZone: string): Dates {
  const length = businessLength(task, isBusinessDay, timeZone);
  const dueKey = addBusinessDaysBy(startKey, length, isBusinessDay);
  return { startDate: onDay(task.startDate, startKey, timeZone), dueDate: onDay(task.dueDate, dueKey, timeZone) };
}

/**
 * A task's dates after its bar was dragged `days` calendar days (where the pointer went), on
 * business days: a move puts the start (a milestone's due date) on that day, rolled on in the
 * drag's direction when it is a weekend or a holiday, and the due date as many business days
 * after it as before; a resize moves one end the same way and never past the other.
 */
export function businessDatesAfter(task: Dates, mode: DragMode, days: number, isBusinessDay: IsBusinessDay, timeZone = BUSINESS_TIME_ZONE): Dates {
  if (days === 0) return { startDate: task.startDate, dueDate: task.dueDate };
  const direction = days > 0 ? "next" : "previous";
  const dueKey = keyOf(task.dueDate, timeZone);
  if (!task.startDate) {
    const key = rollToBusinessDay(addDays(dueKey, days), direction, isBusinessDay);
    return { startDate: null, dueDate: onDay(task.dueDate, key, timeZone) };
  }
  const startKey = keyOf(task.startDate, timeZone);
  if (mode === "move") {
    return placedAt({ startDate: task.startDate, dueDate: task.dueDate }, rollToBusinessDay(addDays(startKey, days), direction, isBusinessDay), isBusinessDay, timeZone);
  }
  if (mode === "start") {
    let key = rollToBusinessDay(addDays(startKey, days), direction, isBusinessDay);
    if (key > dueKey) key = rollToBusinessDay(dueKey, "previous", isBusinessDay);
    if (key > dueKey) key = dueKey;
    return { startDate: onDay(task.startDate, key, timeZone), dueDate: task.dueDate };
  }
  let key = rollToBusinessDay(addDays(dueKey, days), direction, isBusinessDay);
  if (key < startKey) key = rollToBusinessDay(startKey, "next", isBusinessDay);
  if (key < startKey) key = startKey;
  return { startDate: task.startDate, dueDate: onDay(task.dueDate, key, timeZone) };
}

/**
 * A successor carried along by "shift successors": its start (a milestone's due date) moves
 * `businessDays` business days (onto a business day even when it was not on one), its due date
 * follows at the same length in business days.
 */
export function shiftByBusinessDays<T extends Dates>(task: T, businessDays: number, isBusinessDay: IsBusinessDay, timeZone = BUSINESS_TIME_ZONE): Dates {
  if (!task.startDate) {
    const key = addBusinessDaysBy(keyOf(task.dueDate, timeZone), businessDays, isBusinessDay);
    return { startDate: null, dueDate: onDay(task.dueDate, key, timeZone) };
  }
  const startKey = addBusinessDaysBy(keyOf(task.startDate, timeZone), businessDays, isBusinessDay);
  return placedAt({ startDate: task.startDate, dueDate: task.dueDate }, startKey, isBusinessDay, timeZone);
}

/** How far a move carries the successors: the business days from the old due day to the new one. */
export function businessDelta(beforeDue: string, afterDue: string, isBusinessDay: IsBusinessDay, timeZone = BUSINESS_TIME_ZONE): number {
  return businessDaysBetween(keyOf(beforeDue, timeZone), keyOf(afterDue, timeZone), isBusinessDay);
}
