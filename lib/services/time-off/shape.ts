import "server-only";
import type { z } from "zod";
import { dateKeyOfDateColumn } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { timeOffRequestSchema } from "@/lib/time-off/contracts";
import { FULL_DAY_MINUTES } from "@/lib/validations/time-off";

export const TIME_OFF_NOT_FOUND = "Time-off request not found";

export const requestSelect = {
  id: true,
  userId: true,
  typeId: true,
  startDay: true,
  endDay: true,
  minutesPerDay: true,
  fullDays: true,
  minutes: true,
  note: true,
  status: true,
  decisionNote: true,
  decidedAt: true,
  createdAt: true,
  user: { select: { firstName: true, lastName: true } },
  type: { select: { name: true, paid: true } },
  decidedBy: { select: { firstName: true, lastName: true } },
} satisfies Prisma.TimeOffRequestSelect;

export type RequestRow = Prisma.TimeOffRequestGetPayload<{ select: typeof requestSelect }>;

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
export const hoursOf = (minutes: number) => minutes / 60;

export function toRequest(r: RequestRow): z.output<typeof timeOffRequestSchema> {
  return {
    id: r.id,
    userId: r.userId,
    memberName: name(r.user),
    typeId: r.typeId,
    typeName: r.type.name,
    paid: r.type.paid,
    startDay: dateKeyOfDateColumn(r.startDay),
    endDay: dateKeyOfDateColumn(r.endDay),
    fullDays: r.fullDays,
    hoursPerDay: hoursOf(r.minutesPerDay),
    hours: hoursOf(r.minutes),
    note: r.note,
    status: r.status,
    decidedByName: r.decidedBy ? name(r.decidedBy) : null,
    decisionNote: r.decisionNote,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export { FULL_DAY_MINUTES };

/** "Vacation, Mon Dec 14 – Fri Dec 18 (40 h)" for messages. */
export function describeRequest(r: RequestRow): string {
  const t = toRequest(r);
  const days = t.startDay === t.endDay ? t.startDay : `${t.startDay} to ${t.endDay}`;
  return `${t.typeName}, ${days} (${t.hours} h${t.fullDays ? "" : `, ${t.hoursPerDay} h a day`})`;
}
