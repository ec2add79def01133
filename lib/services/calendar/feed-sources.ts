import "server-only";
import type { Role } from "@/lib/auth/roles";
import { addDays, dateColumnOf, dateKeyOf, dateKeyOfDateColumn, dueTimeOf } from "@/lib/dates";
import { db } from "@/lib/db";
import type { CalendarFeedKind } from "@/lib/calendar/feeds";
import { appUrl } from "@/lib/services/mail/mailer";
import { visibleCaseWhere } from "@/lib/services/cases/case-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";

/** One calendar entry: at an instant (30 minutes long) or all day on a business date. */
export type CalendarItem = {
  uid: string;
  summary: string;
  description?: string;
  url: string;
  updatedAt?: Date;
} & ({ start: Date; end: Date; day?: never } | { day: string; start?: never; end?: never });

/** The member a feed is read for (its owner). */
export interface FeedReader {
  userId: string;
  role: Role;
}

/** How far back and ahead a feed reaches, so it stays small for a phone that polls it. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 365;
const MAX_ITEMS = 1000;
const TASK_EVENT_MS = 30 * 60_000;

/**
 * Each feed's entries, read as its owner (their visibility rules). A new feed is one more loader
 * here.
 */
export const FEED_SOURCES: Record<CalendarFeedKind, (reader: FeedReader, now: Date) => Promise<CalendarItem[]>> = {
  "my-tasks": async (reader, now) => {
    const tasks = await db.task.findMany({
      where: {
        AND: [
          visibleTaskWhere({ userId: reader.userId, role: reader.role }),
          { isRecurring: false, status: { notIn: ["completed", "cancelled"] } },
          { dueDate: { gte: new Date(now.getTime() - PAST_DAYS * 86_400_000), lte: new Date(now.getTime() + AHEAD_DAYS * 86_400_000) } },
          { OR: [{ assigneeId: reader.userId }, { assignments: { some: { userId: reader.userId } } }] },
        ],
      },
      select: { id: true, displayNumber: true, title: true, dueDate: true, priority: true, updatedAt: true, organizationalUnit: { select: { name: true } } },
      orderBy: { dueDate: "asc" },
      take: MAX_ITEMS,
    });
    return tasks.map((t) => {
      const base = {
        uid: `task-${t.id}@bfs-tasks`,
        summary: t.displayNumber ? `#${t.displayNumber} ${t.title}` : t.title,
        description: `${t.organizationalUnit.name} · priority ${t.priority}`,
        url: `${appUrl()}/tasks/${t.id}`,
        updatedAt: t.updatedAt,
      };
      // No due time (the blank 23:59:59): all day on its business date.
      return dueTimeOf(t.dueDate) === null
        ? { ...base, day: dateKeyOf(t.dueDate) }
        : { ...base, start: t.dueDate, end: new Date(t.dueDate.getTime() + TASK_EVENT_MS) };
    });
  },
  "case-returns": async (reader, now) => {
    const today = dateKeyOf(now);
    const cases = await db.memorialCase.findMany({
      where: {
        AND: [
          visibleCaseWhere({ userId: reader.userId, role: reader.role }),
          { status: "open", returnedAt: null, promisedReturnDate: { gte: dateColumnOf(addDays(today, -PAST_DAYS)), lte: dateColumnOf(addDays(today, AHEAD_DAYS)) } },
        ],
      },
      select: { id: true, number: true, petName: true, familyName: true, returnMethod: true, promisedReturnDate: true, updatedAt: true },
      orderBy: { promisedReturnDate: "asc" },
      take: MAX_ITEMS,
    });
    return cases.map((c) => ({
      uid: `case-return-${c.id}@bfs-tasks`,
      day: dateKeyOfDateColumn(c.promisedReturnDate!),
      summary: `Return ${c.petName} (${c.familyName}) · ${c.number}`,
      description: c.returnMethod ? `Return: ${c.returnMethod.replace(/_/g, " ")}` : undefined,
      url: `${appUrl()}/cases/${c.number}`,
      updatedAt: c.updatedAt,
    }));
  },
  "my-shifts": async (reader, now) => {
    // Published shifts only: a draft is the manager's until the week is published.
    const shifts = await db.shift.findMany({
      where: {
        userId: reader.userId,
        status: "published",
        endsAt: { gte: new Date(now.getTime() - PAST_DAYS * 86_400_000) },
        startsAt: { lte: new Date(now.getTime() + AHEAD_DAYS * 86_400_000) },
      },
      select: { id: true, startsAt: true, endsAt: true, roleLabel: true, punchLocation: true, breakMinutes: true, note: true, updatedAt: true, unit: { select: { name: true } } },
      orderBy: { startsAt: "asc" },
      take: MAX_ITEMS,
    });
    return shifts.map((shift) => ({
      uid: `shift-${shift.id}@bfs-tasks`,
      start: shift.startsAt,
      end: shift.endsAt,
      summary: [shift.roleLabel ?? "Shift", shift.unit.name].join(" · "),
      description: [
        shift.punchLocation ? `At ${shift.punchLocation}` : null,
        shift.breakMinutes > 0 ? `${shift.breakMinutes} min unpaid break` : null,
        shift.note,
      ].filter(Boolean).join("\n") || undefined,
      url: `${appUrl()}/schedule/me`,
      updatedAt: shift.updatedAt,
    }));
  },
};
