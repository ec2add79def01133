/**
 * Swaps and covers (docs/schedules.md "Swaps and covers"): offering, the 400s that name the field,
 * eligibility (department, free then, not on time off), the acceptance race (two acceptors, one
 * winner), the manager's approval or the department's skipping it, the reassignment in one
 * transaction with the shift's history, the notifications, and who may do what.
 */
import { GET as listHandler, POST as offerHandler } from "@/app/api/schedule/swaps/route";
import { POST as acceptHandler } from "@/app/api/schedule/swaps/[id]/accept/route";
import { POST as decideHandler } from "@/app/api/schedule/swaps/[id]/decision/route";
import { POST as cancelHandler } from "@/app/api/schedule/swaps/[id]/cancel/route";
import { PATCH as unitHandler } from "@/app/api/schedule/units/[id]/route";
import { addDays, businessToday } from "@/lib/dates";
import { createApiKey } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, otherManager: Who, ana: Who, ben: Who, cy: Who, dee: Who;
let unitId: string, autoUnitId: string;
let dayOffset = 2;

beforeAll(async () => {
  [admin, manager, otherManager, ana, ben, cy, dee] = [
    await person(testDb.prisma, "admin"),
    await person(testDb.prisma, "manager", { firstName: "Mia", lastName: "Cole" }),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" }),
    await person(testDb.prisma, "staff", { firstName: "Ben", lastName: "Ortiz" }),
    await person(testDb.prisma, "staff", { firstName: "Cy", lastName: "Park" }),
    await person(testDb.prisma, "staff", { firstName: "Dee", lastName: "Roy" }),
  ];
  unitId = (await unitWith(testDb.prisma, manager.id, ana.id, ben.id, cy.id)).id;
  autoUnitId = (await unitWith(testDb.prisma, otherManager.id, dee.id, ana.id)).id;
});

/** A published shift of `who` on a day of its own (8:00–16:00 UTC-ish), `days` ahead. */
async function shiftOf(who: Who | null, opts: { day?: string; unit?: string; from?: string; to?: string } = {}) {
  const day = opts.day ?? addDays(businessToday(), dayOffset++);
  return testDb.prisma.shift.create({
    data: {
      unitId: opts.unit ?? unitId,
      userId: who?.id ?? null,
      startsAt: new Date(`${day}T${opts.from ?? "14:00"}:00Z`),
      endsAt: new Date(`${day}T${opts.to ?? "22:00"}:00Z`),
      status: "published",
      publishedAt: new Date(),
      createdById: manager.id,
    },
  });
}

const offer = (who: Who, body: Record<string, unknown>) => call(offerHandler, { method: "POST", path: "/api/schedule/swaps", headers: who.headers, body });
const accept = (who: Who, id: string, body: Record<string, unknown> = {}) => call(acceptHandler, { method: "POST", path: `/api/schedule/swaps/${id}/accept`, headers: who.headers, params: { id }, body });
const decide = (who: Who, id: string, decision: "approve" | "decline", note?: string) =>
  call(decideHandler, { method: "POST", path: `/api/schedule/swaps/${id}/decision`, headers: who.headers, params: { id }, body: { decision, note } });
const cancel = (who: Who, id: string) => call(cancelHandler, { method: "POST", path: `/api/schedule/swaps/${id}/cancel`, headers: who.headers, params: { id } });
const list = (who: Who) => call(listHandler, { method: "GET", path: "/api/schedule/swaps", headers: who.headers });
/** The swap notifications of a member (of one swap when given). */
const messagesOf = async (userId: string, swapId?: string) =>
  (
    await testDb.prisma.alert.findMany({
      where: { userId, kind: "schedule", subjectType: "swap", ...(swapId ? { subjectId: { startsWith: `${swapId}:` } } : {}) },
      orderBy: { createdAt: "asc" },
      select: { message: true },
    })
  ).map((a) => a.message);

describe("offering", () => {
  it("answers 400 naming the field, 409 for a started or already offered shift", async () => {
    expect((await offer(ana, { kind: "cover" })).body.message).toMatch(/shiftId/);
    const mine = await shiftOf(ana);
    expect((await offer(ana, { shiftId: mine.id, kind: "trade" })).body.message).toMatch(/kind/);
    const bens = await shiftOf(ben);
    const notMine = await offer(ana, { shiftId: bens.id, kind: "cover" });
    expect([notMine.status, notMine.body.message]).toEqual([400, expect.stringMatching(/shiftId/)]);
    const started = await testDb.prisma.shift.create({
      data: { unitId, userId: ana.id, startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000), status: "published", createdById: manager.id },
    });
    expect((await offer(ana, { shiftId: started.id, kind: "cover" })).status).toBe(409);
    // Twice at once: one live offer per shift (the partial unique index decides).
    const both = await Promise.all([offer(ana, { shiftId: mine.id, kind: "cover" }), offer(ana, { shiftId: mine.id, kind: "swap" })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    await testDb.prisma.shift.delete({ where: { id: started.id } });
  });
});

describe("a cover with the manager's approval", () => {
  it("two acceptors at once: one winner; the manager approves; the shift changes hands with its history; everyone concerned is told", async () => {
    const shift = await shiftOf(ana);
    const made = await offer(ana, { shiftId: shift.id, kind: "cover", note: "Dentist" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: "cover", status: "open", offeredBy: { id: ana.id, name: "Ana Lee" }, needsApproval: true });
    // The colleagues of the department are told; someone of another department is not.
    expect(await messagesOf(ben.id, made.body.id)).toEqual(["Ana Lee offers a shift for a cover"]);
    expect(await messagesOf(dee.id, made.body.id)).toEqual([]);
    expect((await list(ben)).body.offered.map((s: { id: string }) => s.id)).toContain(made.body.id);
    // The offerer cannot accept their own; another department's manager does not see it.
    expect((await accept(ana, made.body.id)).status).toBe(404);
    expect((await accept(otherManager, made.body.id)).status).toBe(404);
    expect((await accept(dee, made.body.id)).status).toBe(404);

    const race = await Promise.all([accept(ben, made.body.id), accept(cy, made.body.id)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = race.find((r) => r.status === 200)!.body;
    const winnerId: string = winner.acceptedBy.id;
    expect(winner.status).toBe("accepted");
    expect((await testDb.prisma.shift.findUniqueOrThrow({ where: { id: shift.id } })).userId).toBe(ana.id);
    expect(await messagesOf(ana.id, made.body.id)).toEqual([expect.stringMatching(/accepted your cover; a manager approves it/)]);
    expect(await messagesOf(manager.id, made.body.id)).toEqual(["Ana Lee offers a shift for a cover", expect.stringMatching(/A cover waits for your approval: Ana Lee and/)]);
    expect((await list(manager)).body.toApprove.map((s: { id: string }) => s.id)).toContain(made.body.id);

    // Staff, and the manager of another department, may not decide.
    expect((await decide(ben, made.body.id, "approve")).status).toBe(403);
    expect((await decide(otherManager, made.body.id, "approve")).status).toBe(404);
    const approved = await decide(manager, made.body.id, "approve", "Fine");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decidedByName: "Mia Cole", decisionNote: "Fine" });
    expect((await testDb.prisma.shift.findUniqueOrThrow({ where: { id: shift.id } })).userId).toBe(winnerId);
    const history = await testDb.prisma.shiftChange.findMany({ where: { shiftId: shift.id, action: "covered" } });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actorId: manager.id, before: expect.objectContaining({ userId: ana.id }), after: expect.objectContaining({ userId: winnerId }) });
    expect(await messagesOf(ana.id)).toContain("Mia Cole approved the cover");
    expect(await messagesOf(winnerId)).toContain("Mia Cole approved the cover");
    // Approving again changes nothing; declining now is refused.
    expect((await decide(manager, made.body.id, "approve")).status).toBe(200);
    expect((await decide(manager, made.body.id, "decline")).status).toBe(409);
    expect(await testDb.prisma.shiftChange.count({ where: { shiftId: shift.id, action: "covered" } })).toBe(1);
  });

  it("refuses an acceptor who is not free then or on approved time off (409), and the decline leaves the shift", async () => {
    const day = addDays(businessToday(), dayOffset++);
    const shift = await shiftOf(ana, { day });
    await shiftOf(ben, { day, from: "20:00", to: "23:00" });
    const vacation = (await testDb.prisma.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } })).id;
    await testDb.prisma.timeOffRequest.create({ data: { userId: cy.id, typeId: vacation, startDay: new Date(`${day}T00:00:00Z`), endDay: new Date(`${day}T00:00:00Z`), minutesPerDay: 480, minutes: 480, status: "approved" } });
    const made = await offer(ana, { shiftId: shift.id, kind: "cover" });
    const busy = await accept(ben, made.body.id);
    expect([busy.status, busy.body.message]).toEqual([409, "You already have a shift at that time"]);
    const off = await accept(cy, made.body.id);
    expect([off.status, off.body.message]).toEqual([409, "You are on approved time off then"]);
    // The manager may take it (a member of the department), and may decline it too.
    expect((await accept(manager, made.body.id)).status).toBe(200);
    const declined = await decide(admin, made.body.id, "decline", "We need you");
    expect(declined.body.status).toBe("declined");
    expect((await testDb.prisma.shift.findUniqueOrThrow({ where: { id: shift.id } })).userId).toBe(ana.id);
    expect(await messagesOf(ana.id)).toContain(`${admin.user.firstName} ${admin.user.lastName} declined the cover`);
  });
});

describe("a swap in a department that skips approval", () => {
  it("exchanges the two shifts at once, each with its history; the shift given must be the acceptor's", async () => {
    const patched = await call(unitHandler, { method: "PATCH", path: `/api/schedule/units/${autoUnitId}`, headers: otherManager.headers, params: { id: autoUnitId }, body: { swapsNeedApproval: false } });
    expect(patched.body).toEqual({ unitId: autoUnitId, swapsNeedApproval: false });
    // A manager of another department may not change it.
    expect((await call(unitHandler, { method: "PATCH", path: `/api/schedule/units/${autoUnitId}`, headers: manager.headers, params: { id: autoUnitId }, body: { swapsNeedApproval: true } })).status).toBe(403);
    expect((await call(unitHandler, { method: "PATCH", path: `/api/schedule/units/${autoUnitId}`, headers: otherManager.headers, params: { id: autoUnitId }, body: { swapsNeedApproval: "no" } })).body.message).toMatch(/swapsNeedApproval/);

    // Overlapping shifts (Dee 14–22, Ana 18–23 the same day): the exchange passes through "open".
    const day = addDays(businessToday(), dayOffset++);
    const dees = await shiftOf(dee, { unit: autoUnitId, day });
    const anas = await shiftOf(ana, { unit: autoUnitId, day, from: "18:00", to: "23:00" });
    const made = await offer(dee, { shiftId: dees.id, kind: "swap" });
    expect(made.body.needsApproval).toBe(false);
    const missing = await accept(ana, made.body.id);
    expect([missing.status, missing.body.message]).toEqual([400, expect.stringMatching(/shiftId/)]);
    const notHers = await accept(ana, made.body.id, { shiftId: dees.id });
    expect([notHers.status, notHers.body.message]).toEqual([400, expect.stringMatching(/shiftId/)]);
    const done = await accept(ana, made.body.id, { shiftId: anas.id });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "approved", acceptedBy: { id: ana.id }, givenShift: { id: anas.id } });
    const [a, b] = await Promise.all([dees.id, anas.id].map((id) => testDb.prisma.shift.findUniqueOrThrow({ where: { id } })));
    expect([a.userId, b.userId]).toEqual([ana.id, dee.id]);
    expect(await testDb.prisma.shiftChange.count({ where: { shiftId: { in: [dees.id, anas.id] }, action: "swapped" } })).toBe(2);
    expect(await messagesOf(dee.id)).toContain("Ana Lee took your shift (swap)");
    // The exclusion constraint still holds: no member has two overlapping shifts.
    const overlaps = await testDb.prisma.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM shifts s JOIN shifts t ON s.user_id = t.user_id AND s.id < t.id AND tstzrange(s.starts_at, s.ends_at) && tstzrange(t.starts_at, t.ends_at)`;
    expect(Number(overlaps[0].n)).toBe(0);
  });
});

describe("API keys", () => {
  it("need schedule:read to list and schedule:write to offer", async () => {
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: cy.id, actingUserId: cy.id, scopes })).token}` });
    const headers = await key(["schedule:read"]);
    expect((await call(listHandler, { path: "/api/schedule/swaps", headers })).status).toBe(200);
    const shift = await shiftOf(cy);
    expect((await call(offerHandler, { method: "POST", path: "/api/schedule/swaps", headers, body: { shiftId: shift.id, kind: "cover" } })).status).toBe(403);
    expect((await call(offerHandler, { method: "POST", path: "/api/schedule/swaps", headers: await key(["schedule:write"]), body: { shiftId: shift.id, kind: "cover" } })).status).toBe(201);
  });
});

describe("cancelling", () => {
  it("only the offerer withdraws; the acceptor is told; a withdrawn offer cannot be accepted", async () => {
    const shift = await shiftOf(ben);
    const made = await offer(ben, { shiftId: shift.id, kind: "cover" });
    expect((await cancel(cy, made.body.id)).status).toBe(404);
    expect((await cancel(manager, made.body.id)).status).toBe(404);
    await accept(cy, made.body.id);
    const res = await cancel(ben, made.body.id);
    expect(res.body.status).toBe("cancelled");
    expect(await messagesOf(cy.id)).toContain("Ben Ortiz withdrew the cover you accepted");
    expect((await accept(ana, made.body.id)).status).toBe(409);
    expect((await decide(manager, made.body.id, "approve")).status).toBe(409);
    // The shift may be offered again.
    expect((await offer(ben, { shiftId: shift.id, kind: "cover" })).status).toBe(201);
  });
});
