/**
 * The labour cost cache (lib/cache/labour-cost-cache.ts, docs/time.md "Speed"): a range wholly in
 * the past is answered from the cache until a change could alter it, and only then. A punch
 * written by this process inside the range shows on the very next read; a rate changed on another
 * connection shows as soon as Postgres delivers the notification; a punch in another month leaves
 * the entry as it is; a range reaching today is never kept.
 */
import pg from "pg";
import { GET as costHandler } from "@/app/api/labour-cost/route";
import { cacheStats, listenerReady } from "@/lib/cache/member-versions";
import { addDays, businessToday, dateColumnOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { createPunchSession } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, ana: Who;
// A week wholly in the past, so it may be kept.
const FROM = "2026-03-09";
const TO = "2026-03-15";
const at = (day: string, time: string) => new Date(`${day}T${time}:00-05:00`);

beforeAll(async () => {
  admin = await person(testDb.prisma, "admin");
  ana = await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" });
  await testDb.prisma.payRate.create({ data: { userId: ana.id, kind: "hourly", amountCents: 2000, effectiveFrom: dateColumnOf("2026-01-01"), createdById: admin.id } });
  await createPunchSession(testDb.prisma, { userId: ana.id, punchInAt: at("2026-03-10", "08:00"), punchOutAt: at("2026-03-10", "12:00") });
});

beforeEach(async () => {
  expect(await listenerReady()).toBe(true);
});

const cost = async (from = FROM, to = TO) => {
  const answer = await call(costHandler, { path: `/api/labour-cost?by=member&from=${from}&to=${to}`, headers: admin.headers });
  expect(answer.status).toBe(200);
  return answer.body as { totalCents: number; totalMinutes: number };
};

async function costUntil(seen: (body: { totalCents: number }) => boolean) {
  const until = Date.now() + 2_000;
  for (;;) {
    const body = await cost();
    if (seen(body) || Date.now() > until) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the labour cost cache", () => {
  it("answers a past range again from the cache", async () => {
    expect(await cost()).toMatchObject({ totalCents: 8000, totalMinutes: 240 });
    const hits = cacheStats().labourCost.hits;
    expect(await cost()).toMatchObject({ totalCents: 8000 });
    expect(cacheStats().labourCost.hits).toBe(hits + 1);
  });

  it("shows a punch this process writes inside the range on the very next read", async () => {
    await cost();
    await createPunchSession(db, { userId: ana.id, punchInAt: at("2026-03-11", "08:00"), punchOutAt: at("2026-03-11", "10:00") });
    expect(await cost()).toMatchObject({ totalCents: 12000, totalMinutes: 360 });
  });

  it("keeps the entry when a punch lands in another month", async () => {
    await cost();
    await createPunchSession(db, { userId: ana.id, punchInAt: at("2026-05-04", "08:00"), punchOutAt: at("2026-05-04", "09:00") });
    const hits = cacheStats().labourCost.hits;
    expect(await cost()).toMatchObject({ totalCents: 12000 });
    expect(cacheStats().labourCost.hits).toBe(hits + 1);
  });

  it("shows a rate changed on another connection once the notification arrives", async () => {
    await cost();
    // Not the app's pool: no NOTICE reaches this process, only the commit's NOTIFY.
    const other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    await other.query(`INSERT INTO pay_rates (user_id, kind, amount_cents, effective_from, created_by_id, updated_at) VALUES ($1, 'hourly', 3000, '2026-03-01', $2, now())`, [ana.id, admin.id]);
    await other.end();
    expect(await costUntil((b) => b.totalCents === 18000)).toMatchObject({ totalCents: 18000 });
  });

  it("never keeps a range that reaches today", async () => {
    const today = businessToday();
    const from = addDays(today, -3);
    await cost(from, today);
    const hits = cacheStats().labourCost.hits;
    await cost(from, today);
    expect(cacheStats().labourCost.hits).toBe(hits);
  });
});
