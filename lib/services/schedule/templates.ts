import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { addDays, businessToday, dateKeyOf, dayOfWeek, eachDay, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { holidaysOn } from "@/lib/dates/holidays";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import type { applyResultSchema, templateListSchema, templateSchema } from "@/lib/shift-templates/contracts";
import { movedTimes } from "@/lib/schedule/week-grid";
import { templateTimesOf, wallTimesOn } from "@/lib/schedule/templates";
import type { ApplyTemplateInput, CopyWeekInput, SaveTemplateInput } from "@/lib/validations/schedule-planning";
import { addDrafts, holidaySkip, type PlannedDraft } from "./add-drafts";
import { assertSchedulesUnit, scheduledShiftsWhere, scheduledUnitIds } from "./scope";
import { assertUnitExists } from "./shift-rules";
import { memberName } from "./shift-shape";

export const TEMPLATE_NOT_FOUND = "Template not found";

/** The templates the caller may use: every shift of theirs in a department the caller schedules. */
async function templatesWhere(caller: Caller): Promise<Prisma.ShiftTemplateWhereInput> {
  const units = await scheduledUnitIds(caller);
  return units === null ? {} : { shifts: { every: { unitId: { in: units } } } };
}

const templateSelect = {
  id: true,
  name: true,
  createdAt: true,
  createdBy: { select: { firstName: true, lastName: true } },
  shifts: { select: { unit: { select: { name: true } } } },
} as const;

function toTemplate(row: Prisma.ShiftTemplateGetPayload<{ select: typeof templateSelect }>): z.output<typeof templateSchema> {
  return {
    id: row.id,
    name: row.name,
    shiftCount: row.shifts.length,
    departments: [...new Set(row.shifts.map((s) => s.unit.name))].sort(),
    createdByName: memberName(row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/schedule/templates. */
export async function listTemplates(caller: Caller): Promise<z.output<typeof templateListSchema>> {
  const rows = await db.shiftTemplate.findMany({ where: await templatesWhere(caller), orderBy: [{ name: "asc" }], take: 200, select: templateSelect });
  return { templates: rows.map(toTemplate) };
}

/** The week's shifts (drafts too) of the departments the caller schedules, optionally one. */
async function weekShifts(caller: Caller, week: string, unitId?: string) {
  if (unitId) {
    await assertUnitExists(db, unitId);
    await assertSchedulesUnit(caller, unitId);
  }
  const first = weekStart(week, WEEK_STARTS_ON);
  const { startsAt, endsAt } = rangeInstants(first, addDays(first, 6));
  return db.shift.findMany({
    where: { AND: [await scheduledShiftsWhere(caller), { startsAt: { gte: startsAt, lt: endsAt } }, unitId ? { unitId } : {}] },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: 5000,
    select: { userId: true, unitId: true, roleLabel: true, punchLocation: true, startsAt: true, endsAt: true, breakMinutes: true, note: true },
  });
}

/** POST /api/schedule/templates: the week's shifts as a named template (weekdays, wall-clock times). */
export async function saveTemplate(caller: Caller, input: SaveTemplateInput): Promise<z.output<typeof templateSchema>> {
  const shifts = await weekShifts(caller, input.week, input.unitId);
  if (shifts.length === 0) throw badRequest("week: this week has no shifts to save", { field: "week" });
  try {
    const row = await db.shiftTemplate.create({
      data: {
        name: input.name,
        createdById: caller.userId,
        shifts: {
          create: shifts.map((s) => {
            const t = templateTimesOf(s);
            return {
              weekday: t.weekday,
              startMinute: t.startMinute,
              lengthMinutes: t.lengthMinutes,
              userId: s.userId,
              unitId: s.unitId,
              roleLabel: s.roleLabel,
              punchLocation: s.punchLocation,
              breakMinutes: Math.min(s.breakMinutes, t.lengthMinutes - 1),
              note: s.note,
            };
          }),
        },
      },
      select: templateSelect,
    });
    return toTemplate(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A template with this name already exists", { field: "name" });
    throw error;
  }
}

async function templateOr404(caller: Caller, id: string) {
  const row = await db.shiftTemplate.findFirst({
    where: { AND: [{ id }, await templatesWhere(caller)] },
    select: { id: true, shifts: { select: { weekday: true, startMinute: true, lengthMinutes: true, userId: true, unitId: true, roleLabel: true, punchLocation: true, breakMinutes: true, note: true } } },
  });
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

/** DELETE /api/schedule/templates/[id]. */
export async function deleteTemplate(caller: Caller, id: string): Promise<{ ok: true }> {
  await templateOr404(caller, id);
  await db.shiftTemplate.delete({ where: { id } });
  return { ok: true };
}

/** POST /api/schedule/templates/[id]/apply: the template on every day of `from`–`to`, as drafts. */
export async function applyTemplate(caller: Caller, id: string, input: ApplyTemplateInput): Promise<z.output<typeof applyResultSchema>> {
  const template = await templateOr404(caller, id);
  const planned: PlannedDraft[] = [];
  const skipped: Parameters<typeof addDrafts>[2] = [];
  for (const day of eachDay(input.from, input.to)) {
    const ofDay = template.shifts.filter((s) => s.weekday === dayOfWeek(day));
    if (ofDay.length === 0) continue;
    const holidays = holidaysOn(day);
    if (input.skipHolidays && holidays.length) {
      skipped.push(holidaySkip(day, holidays));
      continue;
    }
    for (const s of ofDay) planned.push({ ...s, ...wallTimesOn(day, s) });
  }
  return addDrafts(caller, planned, skipped);
}

/** POST /api/schedule/copy-week: last week's shifts on the same weekdays and clock times of `week`, as drafts. */
export async function copyLastWeek(caller: Caller, input: CopyWeekInput): Promise<z.output<typeof applyResultSchema>> {
  const target = weekStart(input.week ?? businessToday(), WEEK_STARTS_ON);
  const source = await weekShifts(caller, addDays(target, -7), input.unitId);
  const planned: PlannedDraft[] = [];
  const skipped: Parameters<typeof addDrafts>[2] = [];
  const holidayDays = new Set<string>();
  for (const s of source) {
    const day = addDays(dateKeyOf(s.startsAt), 7);
    const moved = movedTimes({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() }, day);
    const holidays = holidaysOn(day);
    if (input.skipHolidays && holidays.length) {
      if (!holidayDays.has(day)) skipped.push(holidaySkip(day, holidays));
      holidayDays.add(day);
      continue;
    }
    planned.push({ userId: s.userId, unitId: s.unitId, roleLabel: s.roleLabel, punchLocation: s.punchLocation, breakMinutes: s.breakMinutes, note: s.note, ...moved });
  }
  return addDrafts(caller, planned, skipped);
}
