import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateKeyOf, formatWeekdayDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { shiftSpan } from "@/lib/schedule/format";
import { parseShiftTime, shiftTimeProblem } from "@/lib/schedule/shift-times";
import type { applyResultSchema, SKIP_REASONS } from "@/lib/validations/schedule-planning";
import { scheduledUnitIds } from "./scope";
import { memberName, shiftSelect, snapshot, toShifts } from "./shift-shape";

type ApplyResult = z.output<typeof applyResultSchema>;
type Skip = ApplyResult["skipped"][number];
type SkipReason = (typeof SKIP_REASONS)[number];

/** A draft to add: wall-clock times in the business zone, as a template or last week gives them. */
export interface PlannedDraft {
  userId: string | null;
  unitId: string;
  roleLabel: string | null;
  punchLocation: string | null;
  startsAt: string;
  endsAt: string;
  breakMinutes: number;
  note: string | null;
}

const REASONS: Record<SkipReason, string> = {
  holiday: "a holiday",
  overlap: "overlaps another of their shifts",
  already_scheduled: "already on the schedule",
  not_a_member: "no longer an active member of the department",
  too_long: "longer than 24 hours on this day (a DST change)",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 shifts added, 2 skipped". */
export function summaryOf(added: number, skipped: number): string {
  return `${plural(added, "shift", "shifts")} added${skipped ? `, ${skipped} skipped` : ""}`;
}

export function holidaySkip(day: string, names: string[]): Skip {
  return { reason: "holiday", day, message: `${formatWeekdayDate(`${day}T12:00:00Z`)}: ${names.join(", ")} (a holiday)` };
}

/**
 * Adds drafts in ONE transaction and says what it did. The database judges overlaps: the insert
 * is `ON CONFLICT DO NOTHING`, which the exclusion constraint shifts_no_overlap arbitrates, so a
 * shift over one of the member's (or over another of the same batch) is skipped, never a 500.
 * A shift identical to one already there (same member or open, department and times) is
 * skipped too, so applying twice adds nothing the second time; applications are serialized by
 * a transaction-level advisory lock so two at once cannot both add the same open shift.
 */
export async function addDrafts(caller: Caller, planned: PlannedDraft[], preSkipped: Skip[]): Promise<ApplyResult> {
  const scope = await scheduledUnitIds(caller);
  const skipped: Skip[] = [...preSkipped];
  const userIds = [...new Set(planned.map((p) => p.userId).filter((u): u is string => Boolean(u)))];
  const unitIds = [...new Set(planned.map((p) => p.unitId))];
  const [members, users, units] = await Promise.all([
    db.unitMembership.findMany({ where: { userId: { in: userIds }, unitId: { in: unitIds }, user: { isActive: true } }, select: { userId: true, unitId: true } }),
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true } }),
    db.organizationalUnit.findMany({ where: { id: { in: unitIds } }, select: { id: true, name: true } }),
  ]);
  const isMember = new Set(members.map((m) => `${m.userId}|${m.unitId}`));
  const names = new Map(users.map((u) => [u.id, memberName(u)]));
  const unitNames = new Map(units.map((u) => [u.id, u.name]));
  const describe = (p: PlannedDraft, start: Date, end: Date) =>
    `${p.userId ? (names.get(p.userId) ?? "A member") : `Open shift (${unitNames.get(p.unitId) ?? "department"})`} · ${formatWeekdayDate(start)} ${shiftSpan(start, end)}`;

  interface Row extends PlannedDraft {
    id: string;
    start: Date;
    end: Date;
  }
  const rows: Row[] = [];
  for (const p of planned) {
    if (scope !== null && !scope.includes(p.unitId)) continue;
    const [start, end] = [parseShiftTime(p.startsAt), parseShiftTime(p.endsAt)];
    if (!start || !end) continue;
    const skip = (reason: SkipReason) => skipped.push({ reason, day: dateKeyOf(start), message: `${describe(p, start, end)}: ${REASONS[reason]}` });
    if (shiftTimeProblem(start, end, p.breakMinutes)) skip("too_long");
    else if (p.userId && !isMember.has(`${p.userId}|${p.unitId}`)) skip("not_a_member");
    else rows.push({ ...p, id: randomUUID(), start, end });
  }
  if (rows.length === 0) return { added: 0, summary: summaryOf(0, skipped.length), shifts: [], skipped };

  const first = new Date(Math.min(...rows.map((r) => r.start.getTime())));
  const last = new Date(Math.max(...rows.map((r) => r.end.getTime())));
  const created = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('schedule:add-drafts'))`;
    const existing = await tx.shift.findMany({
      where: { unitId: { in: unitIds }, startsAt: { gte: first, lte: last } },
      select: { userId: true, unitId: true, startsAt: true, endsAt: true },
    });
    const same = new Set(existing.map((e) => `${e.userId}|${e.unitId}|${e.startsAt.getTime()}|${e.endsAt.getTime()}`));
    const fresh = rows.filter((r) => {
      if (!same.has(`${r.userId}|${r.unitId}|${r.start.getTime()}|${r.end.getTime()}`)) return true;
      skipped.push({ reason: "already_scheduled", day: dateKeyOf(r.start), message: `${describe(r, r.start, r.end)}: ${REASONS.already_scheduled}` });
      return false;
    });
    if (fresh.length === 0) return [];
    const inserted = await tx.$queryRaw<Array<{ id: string }>>`
      INSERT INTO shifts (id, user_id, unit_id, role_label, punch_location, starts_at, ends_at, break_minutes, note, status, created_by_id, updated_at)
      SELECT t.id, t.user_id, t.unit_id, t.role_label, t.punch_location, t.starts_at, t.ends_at, t.break_minutes, t.note, 'draft', ${caller.userId}::uuid, now()
      FROM unnest(
        ${fresh.map((r) => r.id)}::uuid[], ${fresh.map((r) => r.userId)}::uuid[], ${fresh.map((r) => r.unitId)}::uuid[],
        ${fresh.map((r) => r.roleLabel)}::text[], ${fresh.map((r) => r.punchLocation)}::text[],
        ${fresh.map((r) => r.start.toISOString())}::timestamptz[], ${fresh.map((r) => r.end.toISOString())}::timestamptz[],
        ${fresh.map((r) => r.breakMinutes)}::int[], ${fresh.map((r) => r.note)}::text[]
      ) WITH ORDINALITY AS t(id, user_id, unit_id, role_label, punch_location, starts_at, ends_at, break_minutes, note, ord)
      ORDER BY t.ord
      ON CONFLICT DO NOTHING
      RETURNING id`;
    const added = new Set(inserted.map((r) => r.id));
    for (const r of fresh) {
      if (!added.has(r.id)) skipped.push({ reason: "overlap", day: dateKeyOf(r.start), message: `${describe(r, r.start, r.end)}: ${REASONS.overlap}` });
    }
    const rowsAdded = await tx.shift.findMany({ where: { id: { in: [...added] } }, orderBy: [{ startsAt: "asc" }, { id: "asc" }], select: shiftSelect });
    await tx.shiftChange.createMany({ data: rowsAdded.map((s) => ({ shiftId: s.id, actorId: caller.userId, action: "created", after: snapshot(s) as object })) });
    return rowsAdded;
  });
  skipped.sort((a, b) => a.day.localeCompare(b.day));
  return { added: created.length, summary: summaryOf(created.length, skipped.length), shifts: await toShifts(db, created), skipped };
}
