import "server-only";
import { dateColumnOf, dateKeyOfDateColumn, eachDay, type DateKey } from "@/lib/dates";
import { db } from "@/lib/db";

export interface PaidTimeOff {
  typeId: string;
  typeName: string;
  hours: number;
  days: { date: DateKey; hours: number }[];
}

/**
 * Approved paid time off of some members in the days [from, to], by member and type (the time
 * card and the payroll export, docs/time.md "Paid time off"): each request's hours a day on each
 * of its days inside the range. Its own hours: worked hours and overtime do not change. One query.
 */
export async function paidTimeOffOf(userIds: readonly string[], from: DateKey, to: DateKey): Promise<Map<string, PaidTimeOff[]>> {
  if (userIds.length === 0) return new Map();
  const requests = await db.timeOffRequest.findMany({
    where: { userId: { in: [...userIds] }, status: "approved", type: { paid: true }, startDay: { lte: dateColumnOf(to) }, endDay: { gte: dateColumnOf(from) } },
    orderBy: [{ startDay: "asc" }, { id: "asc" }],
    select: { userId: true, typeId: true, startDay: true, endDay: true, minutesPerDay: true, type: { select: { name: true, sortOrder: true } } },
  });
  const out = new Map<string, Map<string, PaidTimeOff & { order: number; minutes: Map<DateKey, number> }>>();
  for (const r of requests) {
    const first = dateKeyOfDateColumn(r.startDay) > from ? dateKeyOfDateColumn(r.startDay) : from;
    const last = dateKeyOfDateColumn(r.endDay) < to ? dateKeyOfDateColumn(r.endDay) : to;
    const mine = out.get(r.userId) ?? new Map();
    out.set(r.userId, mine);
    const entry = mine.get(r.typeId) ?? { typeId: r.typeId, typeName: r.type.name, hours: 0, days: [], order: r.type.sortOrder, minutes: new Map<DateKey, number>() };
    mine.set(r.typeId, entry);
    for (const date of eachDay(first, last)) entry.minutes.set(date, (entry.minutes.get(date) ?? 0) + r.minutesPerDay);
  }
  return new Map(
    [...out].map(([userId, types]) => [
      userId,
      [...types.values()]
        .sort((a, b) => a.order - b.order || a.typeName.localeCompare(b.typeName))
        .map((t) => {
          const days = [...t.minutes].sort(([a], [b]) => a.localeCompare(b)).map(([date, m]) => ({ date, hours: m / 60 }));
          return { typeId: t.typeId, typeName: t.typeName, hours: days.reduce((s, d) => s + d.hours, 0), days };
        }),
    ]),
  );
}
