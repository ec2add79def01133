import type { Prisma } from "@/lib/generated/prisma/client";
import { generateOccurrences } from "@/lib/services/recurrence/generate-occurrences";
import { setSeriesState } from "@/lib/services/recurrence/set-series-state";
import { updateTask } from "@/lib/services/tasks/update-task";
import { createTask } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";
import { dateKeyOfDateColumn } from "@/lib/dates";

const testDb = useTestDatabase();

type Who = Awaited<ReturnType<typeof person>>;
let owner: Who, mate: Who, unitId: string;

beforeAll(async () => {
  owner = await person(testDb.prisma, "manager");
  mate = await person(testDb.prisma);
  unitId = (await unitWith(testDb.prisma, owner.id, mate.id)).id;
});

const caller = (who: Who): Parameters<typeof updateTask>[0] => ({
  userId: who.id,
  role: who.user.role,
  firstName: who.user.firstName,
  lastName: who.user.lastName,
  email: who.user.email,
  sessionId: null,
  via: "cookie",
  mustChangePassword: false,
});

/** A weekly series due Mondays 9:00 Chicago from Mon Jan 4 2027 unless overridden. */
async function series(extra: Partial<Prisma.TaskUncheckedCreateInput> & { checklist?: string[]; team?: { userId: string; isLead?: boolean }[] } = {}) {
  return createTask(testDb.prisma, {
    title: `Sanitize carriers ${Math.random().toString(36).slice(2, 7)}`,
    organizationalUnitId: unitId,
    createdById: owner.id,
    dueDate: new Date("2027-01-04T15:00:00Z"),
    isRecurring: true,
    recurringPattern: "weekly",
    recurringDaysOfWeek: [1],
    ...extra,
  });
}

const occurrencesOf = (seriesId: string) =>
  testDb.prisma.task.findMany({
    where: { recurrenceSourceId: seriesId },
    orderBy: { occurrenceDate: "asc" },
    include: { checklistItems: { orderBy: { position: "asc" } }, assignments: true },
  });
const days = (rows: { occurrenceDate: Date | null }[]) => rows.map((r) => dateKeyOfDateColumn(r.occurrenceDate!));
const at = (iso: string) => new Date(iso);

describe("generating occurrences", () => {
  it("creates fresh tasks within the look-ahead window, copying the series and a fresh checklist", async () => {
    const s = await series({
      priority: "high",
      isPrivate: true,
      availableForPickup: false,
      estimatedMinutes: 45,
      assigneeType: "user",
      assigneeId: mate.id,
      startDate: new Date("2027-01-01T14:30:00Z"), // Fri 8:30, three days before the due Monday
      description: "<p>Use the blue solution</p>",
      checklist: ["Empty", "Scrub", "Dry"],
      team: [{ userId: owner.id }, { userId: mate.id, isLead: true }],
    });
    // A tick on the series' own checklist must not travel.
    await testDb.prisma.checklistItem.updateMany({ where: { taskId: s.id, title: "Scrub" }, data: { isCompleted: true } });

    const result = await generateOccurrences({ seriesId: s.id, now: at("2027-01-03T18:00:00Z"), lookaheadDays: 15 });
    expect(result).toEqual({ series: 1, created: 3, late: 0 });

    const rows = await occurrencesOf(s.id);
    expect(days(rows)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18"]);
    for (const [i, o] of rows.entries()) {
      expect(o).toMatchObject({
        title: s.title,
        description: "<p>Use the blue solution</p>",
        priority: "high",
        status: "open",
        organizationalUnitId: unitId,
        assigneeId: mate.id,
        isPrivate: true,
        estimatedMinutes: 45,
        isRecurring: false,
        hasChecklist: true,
        occurrenceIndex: i + 1,
        occurrenceLate: false,
        createdById: owner.id,
      });
      expect(o.checklistItems.map((c) => [c.title, c.isCompleted])).toEqual([["Empty", false], ["Scrub", false], ["Dry", false]]);
      expect(o.assignments.map((a) => [a.userId, a.isLead]).sort()).toEqual([[owner.id, false], [mate.id, true]].sort());
      expect(o.id).not.toBe(s.id);
    }
    expect(rows[0].dueDate.toISOString()).toBe("2027-01-04T15:00:00.000Z");
    expect(rows[1].startDate!.toISOString()).toBe("2027-01-08T14:30:00.000Z"); // same 3-day lead, 8:30 local
    // Sequential numbers, and an audit row for each, committed with it.
    const numbers = rows.map((r) => r.displayNumber!);
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    const audits = await testDb.prisma.auditLog.findMany({ where: { entityId: { in: rows.map((r) => r.id) }, action: "task.create" } });
    expect(audits).toHaveLength(3);
    expect(audits[0].metadata).toMatchObject({ generatedBy: "recurrence", seriesId: s.id });

    // Completing one occurrence changes neither the series nor its siblings.
    await testDb.prisma.task.update({ where: { id: rows[0].id }, data: { status: "completed" } });
    await testDb.prisma.checklistItem.updateMany({ where: { taskId: rows[0].id }, data: { isCompleted: true } });
    const again = await occurrencesOf(s.id);
    expect(again[1].status).toBe("open");
    expect(again[1].checklistItems.every((c) => !c.isCompleted)).toBe(true);
  });

  it("is idempotent: a second run changes nothing", async () => {
    const s = await series();
    const now = at("2027-01-03T18:00:00Z");
    await generateOccurrences({ seriesId: s.id, now });
    const first = await occurrencesOf(s.id);
    expect(await generateOccurrences({ seriesId: s.id, now })).toMatchObject({ created: 0 });
    expect(await occurrencesOf(s.id)).toEqual(first);
  });

  it("5 generators at once create one row per date, with gapless numbers", async () => {
    const s = await series({ recurringPattern: "daily", recurringDaysOfWeek: [] });
    const now = at("2027-01-03T18:00:00Z");
    const results = await Promise.all(Array.from({ length: 5 }, () => generateOccurrences({ seriesId: s.id, now })));
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(7); // Jan 4 .. Jan 10 (window: today, Jan 3 in Chicago, + 7 days)
    const rows = await occurrencesOf(s.id);
    expect(days(rows)).toEqual(["2027-01-04", "2027-01-05", "2027-01-06", "2027-01-07", "2027-01-08", "2027-01-09", "2027-01-10"]);
    const numbers = rows.map((r) => r.displayNumber!).sort((a, b) => a - b);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(numbers.length - 1);
  });

  it("a crash between two occurrences: the rerun completes them with no duplicates", async () => {
    const s = await series({ recurringPattern: "daily", recurringDaysOfWeek: [] });
    const now = at("2027-01-03T18:00:00Z");
    await expect(
      generateOccurrences({
        seriesId: s.id,
        now,
        lookaheadDays: 2,
        afterEach: () => {
          throw new Error("crash");
        },
      }),
    ).rejects.toThrow("crash");
    expect(days(await occurrencesOf(s.id))).toEqual(["2027-01-04"]);
    await generateOccurrences({ seriesId: s.id, now, lookaheadDays: 2 });
    expect(days(await occurrencesOf(s.id))).toEqual(["2027-01-04", "2027-01-05"]);
  });

  it("after downtime creates only the most recent missed occurrence, marked late", async () => {
    const s = await series({ recurringPattern: "daily", recurringDaysOfWeek: [] });
    // Nothing ran from Jan 4 to Jan 20, 10:00 (9:00 has passed).
    const result = await generateOccurrences({ seriesId: s.id, now: at("2027-01-20T16:00:00Z"), lookaheadDays: 1 });
    expect(result).toMatchObject({ created: 2, late: 1 });
    const rows = await occurrencesOf(s.id);
    expect(days(rows)).toEqual(["2027-01-20", "2027-01-21"]);
    expect(rows.map((r) => [r.occurrenceIndex, r.occurrenceLate])).toEqual([[17, true], [18, false]]);
  });

  it("keeps 9:00 local across DST in March and November", async () => {
    const spring = await series({ recurringPattern: "daily", recurringDaysOfWeek: [], dueDate: at("2027-03-13T15:00:00Z") });
    await generateOccurrences({ seriesId: spring.id, now: at("2027-03-13T06:00:00Z"), lookaheadDays: 1 });
    expect((await occurrencesOf(spring.id)).map((r) => r.dueDate.toISOString())).toEqual(["2027-03-13T15:00:00.000Z", "2027-03-14T14:00:00.000Z"]);

    const fall = await series({ recurringPattern: "daily", recurringDaysOfWeek: [], dueDate: at("2026-10-31T14:00:00Z") });
    await generateOccurrences({ seriesId: fall.id, now: at("2026-10-31T06:00:00Z"), lookaheadDays: 1 });
    expect((await occurrencesOf(fall.id)).map((r) => r.dueDate.toISOString())).toEqual(["2026-10-31T14:00:00.000Z", "2026-11-01T15:00:00.000Z"]);
  });

  it("applies the holiday policy: Thanksgiving skipped or moved", async () => {
    const base = { recurringDaysOfWeek: [4], dueDate: at("2026-11-19T15:00:00Z"), excludeHolidays: true, holidayCalendar: "US" };
    const skip = await series(base);
    const next = await series({ ...base, recurringSchedule: { excludedDayPolicy: "next" } });
    const now = at("2026-11-19T06:00:00Z");
    await generateOccurrences({ now, lookaheadDays: 14 });
    expect(days(await occurrencesOf(skip.id))).toEqual(["2026-11-19", "2026-12-03"]);
    const moved = await occurrencesOf(next.id);
    expect(days(moved)).toEqual(["2026-11-19", "2026-11-27", "2026-12-03"]);
    expect(moved[1].dueDate.toISOString()).toBe("2026-11-27T15:00:00.000Z");
  });

  it("after N creates exactly N, and an end date is inclusive", async () => {
    const after = await series({ recurringPattern: "daily", recurringDaysOfWeek: [], recurringEndType: "after", recurringMaxCount: 3 });
    const on = await series({ recurringPattern: "daily", recurringDaysOfWeek: [], recurringEndType: "on", recurringEndDate: at("2027-01-07T05:59:59.999Z") /* Jan 6, end of day in Chicago */ });
    await generateOccurrences({ now: at("2027-01-03T18:00:00Z"), lookaheadDays: 30 });
    expect(days(await occurrencesOf(after.id))).toEqual(["2027-01-04", "2027-01-05", "2027-01-06"]);
    expect(days(await occurrencesOf(on.id))).toEqual(["2027-01-04", "2027-01-05", "2027-01-06"]);
  });
});

describe("series life", () => {
  it("pause creates nothing; resume does not back-fill the paused weeks", async () => {
    const s = await series();
    await generateOccurrences({ seriesId: s.id, now: at("2027-01-03T18:00:00Z") });
    await setSeriesState(caller(owner), s.id, "pause", at("2027-01-05T12:00:00Z"));
    expect(await generateOccurrences({ seriesId: s.id, now: at("2027-01-20T12:00:00Z") })).toMatchObject({ series: 0, created: 0 });
    // Resumed Wednesday Jan 27: Mondays Jan 11, 18, 25 stay uncreated (not even as late); Feb 1 comes.
    const dto = await setSeriesState(caller(owner), s.id, "resume", at("2027-01-27T12:00:00Z"));
    expect(dto.state).toBe("active");
    const rows = await occurrencesOf(s.id);
    expect(days(rows)).toEqual(["2027-01-04", "2027-02-01"]);
    expect(rows.every((r) => !r.occurrenceLate)).toBe(true);
    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: s.id, action: { startsWith: "recurrence." } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["recurrence.pause", "recurrence.resume"]);
  });

  it("editing the series changes future occurrences only", async () => {
    const s = await series();
    await generateOccurrences({ seriesId: s.id, now: at("2027-01-03T18:00:00Z") });
    const before = await occurrencesOf(s.id);
    expect(days(before)).toEqual(["2027-01-04"]);
    // Wednesdays from now on, and a new title. The edit runs "now" (real clock): pin the window by generating afterwards.
    await updateTask(caller(owner), s.id, { title: "Sanitize carriers (new solution)", recurringDaysOfWeek: [3] });
    await testDb.prisma.task.update({ where: { id: s.id }, data: { recurrenceGenerateAfter: at("2027-01-05T00:00:00Z") } });
    await generateOccurrences({ seriesId: s.id, now: at("2027-01-05T12:00:00Z") });
    const after = await occurrencesOf(s.id);
    expect(days(after)).toEqual(["2027-01-04", "2027-01-06"]); // window: Jan 5 + 7 days
    expect(after[0]).toMatchObject({ title: before[0].title, dueDate: before[0].dueDate, updatedAt: before[0].updatedAt });
    expect(after[1].title).toBe("Sanitize carriers (new solution)");
  });

  it("end now and a soft delete stop generation and leave the occurrences", async () => {
    const ended = await series();
    const deleted = await series();
    await generateOccurrences({ now: at("2027-01-03T18:00:00Z") });
    const dto = await setSeriesState(caller(owner), ended.id, "end", at("2027-01-05T12:00:00Z"));
    expect(dto.state).toBe("ended");
    await testDb.prisma.task.update({ where: { id: deleted.id }, data: { deletedAt: new Date(), deletedById: owner.id } });
    await generateOccurrences({ now: at("2027-01-20T12:00:00Z") });
    expect(days(await occurrencesOf(ended.id))).toEqual(["2027-01-04"]);
    const kept = await occurrencesOf(deleted.id);
    expect(days(kept)).toEqual(["2027-01-04"]);
    expect(kept[0].deletedAt).toBeNull();
    await expect(setSeriesState(caller(owner), ended.id, "resume")).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a deleted occurrence is not created again", async () => {
    const s = await series();
    const now = at("2027-01-03T18:00:00Z");
    await generateOccurrences({ seriesId: s.id, now });
    const [first] = await occurrencesOf(s.id);
    await testDb.prisma.task.update({ where: { id: first.id }, data: { deletedAt: new Date() } });
    expect(await generateOccurrences({ seriesId: s.id, now })).toMatchObject({ created: 0 });
  });
});
