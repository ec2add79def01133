/**
 * The week grid's per-process cache (lib/cache/schedule-cache.ts, docs/schedules.md
 * "Performance"): an unchanged week is answered from the cache (and 304 to its ETag), and every
 * kind of change the grid shows ends the entry: a shift written through the API (the very next
 * read shows it), and writes made on another connection, as another instance's would be (a
 * member's name, time off approved, a department renamed, a shift deleted), seen as soon as
 * Postgres delivers the notification.
 */
import pg from "pg";
import { GET as weekHandler } from "@/app/api/schedule/route";
import { POST as createHandler } from "@/app/api/schedule/shifts/route";
import { cacheStats, listenerReady } from "@/lib/cache/member-versions";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, ana: Who;
let unitId: string;
const WEEK = "2031-06-02";

beforeAll(async () => {
  admin = await person(testDb.prisma, "admin");
  manager = await person(testDb.prisma, "manager");
  ana = await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" });
  unitId = (await unitWith(testDb.prisma, manager.id, ana.id)).id;
});

beforeEach(async () => {
  expect(await listenerReady()).toBe(true);
});

const week = (who: Who, etag?: string) => call(weekHandler, { path: `/api/schedule?week=${WEEK}`, headers: { ...who.headers, ...(etag ? { "if-none-match": etag } : {}) } });

/** Reads the week until `seen` holds of it (at most 2 s: a NOTIFY's delivery), returning the answer. */
async function weekUntil(who: Who, seen: (body: Record<string, unknown>) => boolean) {
  const until = Date.now() + 2_000;
  for (;;) {
    const answer = await week(who);
    expect(answer.status).toBe(200);
    if (seen(answer.body) || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Shift = { id: string; memberName: string | null; unitName: string };
const shiftsOf = (body: Record<string, unknown>) => body.shifts as Shift[];

describe("the week grid's cache", () => {
  it("answers an unchanged week from the cache, and 304 to its ETag", async () => {
    const first = await week(admin);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const hits = cacheStats().schedule.hits;
    const again = await week(admin, etag);
    expect(again.status).toBe(304);
    expect(cacheStats().schedule.hits).toBe(hits + 1);
    // A manager's week (their departments only) is another entry: never the admin's answer.
    const managers = await week(manager);
    expect(managers.status).toBe(200);
    expect((managers.body.departments as { id: string }[]).map((d) => d.id)).toEqual([unitId]);
  });

  it("shows a shift created through the API on the very next read", async () => {
    const before = await week(manager);
    const created = await call(createHandler, { method: "POST", path: "/api/schedule/shifts", headers: manager.headers, body: { unitId, userId: ana.id, startsAt: "2031-06-03T08:00", endsAt: "2031-06-03T16:30" } });
    expect(created.status).toBe(201);
    const after = await week(manager, before.headers.get("etag")!);
    expect(after.status).toBe(200);
    expect(shiftsOf(after.body).map((s) => s.id)).toContain(created.body.id);
  });

  it("ends the entry on writes made on another connection: a name, time off, a department, a deleted shift", async () => {
    const shift = shiftsOf((await week(manager)).body)[0]!;
    // Not the app's pool: no NOTICE reaches this process, only each commit's NOTIFY.
    const other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    try {
      await other.query(`UPDATE users SET first_name = 'Anna' WHERE id = $1`, [ana.id]);
      expect(shiftsOf((await weekUntil(manager, (b) => shiftsOf(b).some((s) => s.memberName === "Anna Lee"))).body).find((s) => s.id === shift.id)?.memberName).toBe("Anna Lee");

      await other.query(
        `INSERT INTO time_off_requests (user_id, type_id, start_day, end_day, full_days, minutes_per_day, minutes, status, updated_at)
         SELECT $1, id, '2031-06-04', '2031-06-04', true, 480, 480, 'approved', now() FROM time_off_types ORDER BY sort_order LIMIT 1`,
        [ana.id],
      );
      const withTimeOff = await weekUntil(manager, (b) => (b.timeOff as unknown[]).length > 0);
      expect(withTimeOff.body.timeOff).toEqual([expect.objectContaining({ userId: ana.id, startDay: "2031-06-04" })]);

      await other.query(`UPDATE organizational_units SET name = 'Front desk (renamed)' WHERE id = $1`, [unitId]);
      expect(shiftsOf((await weekUntil(manager, (b) => shiftsOf(b)[0]?.unitName === "Front desk (renamed)")).body)[0]!.unitName).toBe("Front desk (renamed)");

      await other.query(`DELETE FROM shifts WHERE id = $1`, [shift.id]);
      expect(shiftsOf((await weekUntil(manager, (b) => !shiftsOf(b).some((s) => s.id === shift.id))).body).map((s) => s.id)).not.toContain(shift.id);
    } finally {
      await other.end();
    }
  });
});
