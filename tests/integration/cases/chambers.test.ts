/**
 * Operators and chambers on record (docs/cases.md "Operators and chambers"): members'
 * certifications, the who-may-load setting, a chamber's maintenance log and out of service; the
 * chamber-in refusals in the service and in the database (triggers chamber_needs_certified_operator
 * and chamber_in_service), with the service bypassed by a superuser and under races.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as chambersHandler } from "@/app/api/cases/chambers/route";
import { GET as maintenanceHandler, POST as addMaintenanceHandler } from "@/app/api/cases/chambers/[id]/maintenance/route";
import { POST as serviceHandler } from "@/app/api/cases/chambers/[id]/service/route";
import { GET as certificationsHandler, POST as addCertificationHandler } from "@/app/api/cases/certifications/route";
import { DELETE as removeCertificationHandler } from "@/app/api/cases/certifications/[id]/route";
import { PUT as settingsHandler } from "@/app/api/cases/chamber-settings/route";
import { addDays, businessToday } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { createApiKey, createMemorialCase, createSignedAuthorization, recordCaseScans } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who, admin: Who;

beforeAll(async () => {
  [staff, manager, admin] = [await person(testDb.prisma), await person(testDb.prisma, "manager"), await person(testDb.prisma, "admin")];
});
afterEach(async () => {
  await testDb.prisma.organizationSettings.updateMany({ data: { chamberInRequiresCertification: false } });
});

const today = () => businessToday();
let chamberSeq = 0;
const newChamber = async () => (await testDb.prisma.cremationChamber.create({ data: { name: `Ops ${process.pid} ${++chamberSeq}` } })).id;

/** A case at the chamber's door: intake, cooler in and out recorded, the authorization signed. */
async function caseAtDoor(serviceType: "private" | "partitioned" = "partitioned") {
  const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, serviceType });
  await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: ["intake", "cooler_in", "cooler_out"] });
  await createSignedAuthorization(testDb.prisma, c.id, manager.id);
  return c;
}
const chamberIn = (who: Who, number: string, chamberId: string) =>
  call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: who.headers, params: { number }, body: { clientUuid: randomUUID(), station: "chamber_in", chamberId } });

const certify = (who: Pick<Who, "headers">, body: Record<string, unknown>) => call(addCertificationHandler, { method: "POST", path: "/api/cases/certifications", headers: who.headers, body });
const certBody = (memberId: string, extra: Record<string, unknown> = {}) => ({ memberId, name: "Crematory operator", issuedOn: addDays(today(), -300), expiresOn: addDays(today(), 400), ...extra });
const setRule = (on: boolean, who: Who = admin) => call(settingsHandler, { method: "PUT", path: "/api/cases/chamber-settings", headers: who.headers, body: { requireCertification: on } });
const setService = (who: Pick<Who, "headers">, id: string, body: Record<string, unknown>) => call(serviceHandler, { method: "POST", path: `/api/cases/chambers/${id}/service`, headers: who.headers, params: { id }, body });
/** The field a 400 names: a service's `field`, or zod's first `fieldErrors` path. */
const fieldOf = (body: { field?: string; fieldErrors?: Array<{ path: string }> }) => body.field ?? body.fieldErrors?.[0]?.path;
const listChambers = () => call(chambersHandler, { path: "/api/cases/chambers", headers: staff.headers });

async function superuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Waits until some session is blocked on a row lock (the scan's trigger waiting FOR SHARE). */
async function untilBlockedOnLock(client: pg.Client) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no session waited on the lock");
}

describe("certifications", () => {
  it("an admin records one; everyone reads it back with its standing; expiring soon and expired show", async () => {
    const operator = await person(testDb.prisma);
    const clientUuid = randomUUID();
    const first = await certify(admin, { ...certBody(operator.id), clientUuid });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: "Crematory operator", loadsChamber: true, status: "current", member: { id: operator.id } });
    // Idempotent on clientUuid.
    const again = await certify(admin, { ...certBody(operator.id), clientUuid });
    expect([again.status, again.body.id]).toEqual([200, first.body.id]);
    expect(await certify(admin, certBody(operator.id, { name: "First aid", loadsChamber: false, expiresOn: addDays(today(), 10) }))).toMatchObject({ status: 201, body: { status: "expiring", daysLeft: 10 } });
    expect(await certify(admin, certBody(operator.id, { expiresOn: addDays(today(), -1) }))).toMatchObject({ status: 201, body: { status: "expired", daysLeft: -1 } });

    const list = await call(certificationsHandler, { path: `/api/cases/certifications?memberId=${operator.id}`, headers: staff.headers });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((c: { status: string }) => c.status)).toEqual(["expired", "expiring", "current"]);
    const expiring = await call(certificationsHandler, { path: `/api/cases/certifications?status=expiring&limit=200`, headers: staff.headers });
    const mine = expiring.body.items.filter((c: { member: { id: string } }) => c.member.id === operator.id);
    expect(mine.map((c: { status: string }) => c.status)).toEqual(["expired", "expiring"]);
    expect(await testDb.prisma.auditLog.count({ where: { action: "member.certification_add", entityId: first.body.id } })).toBe(1);

    // Removed (a mistake): gone, audited.
    const removed = await call(removeCertificationHandler, { method: "DELETE", path: "x", headers: admin.headers, params: { id: first.body.id } });
    expect(removed.status).toBe(200);
    expect(await testDb.prisma.memberCertification.count({ where: { id: first.body.id } })).toBe(0);
    expect((await call(removeCertificationHandler, { method: "DELETE", path: "x", headers: admin.headers, params: { id: first.body.id } })).status).toBe(404);
  });

  it("only admins record them; 400s name the field", async () => {
    expect((await certify(manager, certBody(staff.id))).status).toBe(403);
    expect((await certify(staff, certBody(staff.id))).status).toBe(403);
    expect((await call(addCertificationHandler, { method: "POST", path: "/api/cases/certifications", body: certBody(staff.id) })).status).toBe(401);
    const backwards = await certify(admin, certBody(staff.id, { issuedOn: "2026-05-01", expiresOn: "2026-04-30" }));
    expect([backwards.status, fieldOf(backwards.body)]).toEqual([400, "expiresOn"]);
    expect(backwards.body.message).toContain("Expiry date must be on or after the issue date");
    const badDay = await certify(admin, certBody(staff.id, { issuedOn: "2026-02-30" }));
    expect([badDay.status, fieldOf(badDay.body)]).toEqual([400, "issuedOn"]);
    const blank = await certify(admin, certBody(staff.id, { name: "  " }));
    expect([blank.status, fieldOf(blank.body)]).toEqual([400, "name"]);
    expect(blank.body.message).toContain("Certification is required");
    expect((await certify(admin, certBody(randomUUID()))).body).toMatchObject({ field: "memberId", message: "Member not found" });
    expect(fieldOf((await certify(admin, { ...certBody(staff.id), memberId: "nope" })).body)).toBe("memberId");
  });
});

describe("who may load", () => {
  it("with the setting on, an uncertified operator's chamber-in is refused in one sentence; an expired one names the day; a current one loads", async () => {
    const operator = await person(testDb.prisma);
    const chamberId = await newChamber();
    expect((await setRule(true, manager)).status).toBe(403);
    expect((await setRule(true)).body).toEqual({ requireCertification: true });
    expect((await listChambers()).body.requireCertification).toBe(true);

    const c = await caseAtDoor();
    const refused = await chamberIn(operator, c.number, chamberId);
    expect([refused.status, refused.body.reason, refused.body.overridable, refused.body.message]).toEqual([409, "OPERATOR_NOT_CERTIFIED", false, "You hold no current operator certification, so you may not load a chamber."]);

    // A certification that does not let them load a chamber does not count; an expired one is named.
    await certify(admin, certBody(operator.id, { name: "First aid", loadsChamber: false }));
    const lapsedOn = addDays(today(), -3);
    await certify(admin, certBody(operator.id, { issuedOn: addDays(today(), -400), expiresOn: lapsedOn }));
    expect((await chamberIn(operator, c.number, chamberId)).body.message).toBe(`Your operator certification expired on ${longDay(lapsedOn)}, so you may not load a chamber.`);
    // Not yet valid (issued tomorrow): still refused.
    await certify(admin, certBody(operator.id, { issuedOn: addDays(today(), 1) }));
    expect((await chamberIn(operator, c.number, chamberId)).body.reason).toBe("OPERATOR_NOT_CERTIFIED");
    // Valid through today.
    await certify(admin, certBody(operator.id, { issuedOn: today(), expiresOn: today() }));
    const loaded = await chamberIn(operator, c.number, chamberId);
    expect(loaded.status).toBe(201);
    const occupancy = await testDb.prisma.chamberOccupancy.findFirstOrThrow({ where: { caseId: c.id } });
    expect(occupancy.enteredById).toBe(operator.id);
  });

  it("with the setting off, anyone loads (the acting member is still recorded)", async () => {
    const operator = await person(testDb.prisma);
    const c = await caseAtDoor();
    expect((await chamberIn(operator, c.number, await newChamber())).status).toBe(201);
    expect((await testDb.prisma.chamberOccupancy.findFirstOrThrow({ where: { caseId: c.id } })).enteredById).toBe(operator.id);
  });

  it("the database refuses an uncertified occupancy, whoever inserts it (a superuser bypassing the service)", async () => {
    const operator = await person(testDb.prisma);
    const chamberId = await newChamber();
    await setRule(true);
    const c = await caseAtDoor();
    // entered_at is the app's clock (faked in the boundary runs), as the scan writes it; the rule reads it.
    const occupy = (client: pg.Client, by: string | null) =>
      client.query(`INSERT INTO chamber_occupancies (chamber_id, case_id, service_type, share_key, entered_at, entered_by_id) VALUES ($1, $2, 'partitioned', 'shared', $4, $3)`, [chamberId, c.id, by, new Date()]);
    await superuser(async (client) => {
      await expect(occupy(client, null)).rejects.toMatchObject({ code: "BF032" });
      await expect(occupy(client, operator.id)).rejects.toMatchObject({ code: "BF032" });
      await certify(admin, certBody(operator.id, { expiresOn: addDays(today(), -1) }));
      await expect(occupy(client, operator.id)).rejects.toMatchObject({ code: "BF032" });
      await certify(admin, certBody(operator.id));
      await occupy(client, operator.id);
    });
    expect(await testDb.prisma.chamberOccupancy.count({ where: { caseId: c.id } })).toBe(1);
  });

  it("race: a certification removed between the service's check and the insert; the database has the last word", async () => {
    const operator = await person(testDb.prisma);
    const chamberId = await newChamber();
    await setRule(true);
    const cert = await certify(admin, certBody(operator.id));
    const c = await caseAtDoor();
    await superuser(async (client) => {
      await client.query("BEGIN");
      await client.query("DELETE FROM member_certifications WHERE id = $1", [cert.body.id]);
      // The scan's check still sees the certification (not committed yet); its insert waits on the row.
      const scanning = chamberIn(operator, c.number, chamberId);
      await untilBlockedOnLock(client);
      await client.query("COMMIT");
      const refused = await scanning;
      expect([refused.status, refused.body.reason]).toEqual([409, "OPERATOR_NOT_CERTIFIED"]);
    });
    expect(await testDb.prisma.chamberOccupancy.count({ where: { caseId: c.id } })).toBe(0);
  });

  it("race: 10 operators' chamber-in scans while their certifications are removed: each is recorded or refused, never half", async () => {
    await setRule(true);
    const chamberId = await newChamber();
    const rounds = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const operator = await person(testDb.prisma);
        const cert = await certify(admin, certBody(operator.id));
        return { operator, cert: cert.body.id as string, c: await caseAtDoor() };
      }),
    );
    const results = await Promise.all(
      rounds.flatMap(({ operator, cert, c }) => [
        chamberIn(operator, c.number, chamberId),
        call(removeCertificationHandler, { method: "DELETE", path: "x", headers: admin.headers, params: { id: cert } }),
      ]),
    );
    for (let i = 0; i < rounds.length; i++) {
      const [scanned, removed] = [results[2 * i], results[2 * i + 1]];
      expect(removed.status).toBe(200);
      const entered = await testDb.prisma.chamberOccupancy.count({ where: { caseId: rounds[i].c.id } });
      if (scanned.status === 201) expect(entered).toBe(1);
      else expect([scanned.status, scanned.body.reason, entered]).toEqual([409, "OPERATOR_NOT_CERTIFIED", 0]);
    }
    expect(await testDb.prisma.memberCertification.count({ where: { id: { in: rounds.map((r) => r.cert) } } })).toBe(0);
  });
});

describe("the maintenance log", () => {
  it("admins and managers record inspections and repairs; everyone reads them, newest first", async () => {
    const chamberId = await newChamber();
    const add = (who: Who, body: Record<string, unknown>) => call(addMaintenanceHandler, { method: "POST", path: "x", headers: who.headers, params: { id: chamberId }, body });
    const clientUuid = randomUUID();
    const inspection = await add(manager, { clientUuid, kind: "inspection", performedOn: addDays(today(), -10), performedBy: "Acme Retort Service", notes: "Refractory lining intact; burners calibrated." });
    expect(inspection.status).toBe(201);
    expect(inspection.body).toMatchObject({ kind: "inspection", performedBy: "Acme Retort Service", recordedBy: { id: manager.id } });
    expect((await add(manager, { clientUuid, kind: "inspection", performedOn: addDays(today(), -10) })).status).toBe(200);
    const repair = await add(admin, { kind: "repair", performedOn: addDays(today(), -2), notes: "Replaced the door seal." });
    expect(repair.status).toBe(201);
    expect(repair.body.performedBy).toMatch(/\S+ \S+/); // the recording member's name when blank

    expect((await add(staff, { kind: "repair", performedOn: today() })).status).toBe(403);
    expect(fieldOf((await add(admin, { kind: "cleaning", performedOn: today() })).body)).toBe("kind");
    expect((await add(admin, { kind: "repair", performedOn: addDays(today(), 1) })).body).toMatchObject({ field: "performedOn", message: "Date must not be in the future" });
    expect(fieldOf((await add(admin, { kind: "repair" })).body)).toBe("performedOn");
    expect((await call(addMaintenanceHandler, { method: "POST", path: "x", headers: admin.headers, params: { id: randomUUID() }, body: { kind: "repair", performedOn: today() } })).status).toBe(404);

    const log = await call(maintenanceHandler, { path: "/api/cases/chambers/x/maintenance?limit=1", headers: staff.headers, params: { id: chamberId } });
    expect(log.body.total).toBe(2);
    expect(log.body.items.map((e: { kind: string }) => e.kind)).toEqual(["repair"]);
    expect((await listChambers()).body.items.find((c: { id: string }) => c.id === chamberId).lastInspectedOn).toBe(addDays(today(), -10));
  });
});

describe("out of service", () => {
  it("a chamber out of service refuses chamber-in with its reason; back in service it loads; each change is in the log", async () => {
    const chamberId = await newChamber();
    const name = (await testDb.prisma.cremationChamber.findUniqueOrThrow({ where: { id: chamberId } })).name;
    expect((await setService(staff, chamberId, { inService: false, reason: "Burner repair" })).status).toBe(403);
    const noReason = await setService(manager, chamberId, { inService: false });
    expect([noReason.status, fieldOf(noReason.body)]).toEqual([400, "reason"]);
    expect(noReason.body.message).toContain("Reason is required to take a chamber out of service");
    const out = await setService(manager, chamberId, { inService: false, reason: "Burner repair" });
    expect(out.status).toBe(200);
    expect(out.body.outOfService).toMatchObject({ reason: "Burner repair" });
    expect((await listChambers()).body.items.find((c: { id: string }) => c.id === chamberId).outOfService.reason).toBe("Burner repair");

    const c = await caseAtDoor();
    const refused = await chamberIn(staff, c.number, chamberId);
    expect([refused.status, refused.body.reason, refused.body.overridable, refused.body.message]).toEqual([409, "CHAMBER_OUT_OF_SERVICE", false, `${name} is out of service (Burner repair); choose another chamber.`]);

    expect((await setService(admin, chamberId, { inService: true })).body.outOfService).toBeNull();
    expect((await chamberIn(staff, c.number, chamberId)).status).toBe(201);
    // A chamber that holds a pet is not taken out of service.
    const busy = await setService(admin, chamberId, { inService: false, reason: "Inspection" });
    expect([busy.status, busy.body.message]).toEqual([409, `${name} holds ${c.number}; take it out of service once it is empty.`]);

    const log = await call(maintenanceHandler, { path: "x", headers: staff.headers, params: { id: chamberId } });
    expect(log.body.items.map((e: { kind: string; notes: string }) => [e.kind, e.notes])).toEqual([
      ["back_in_service", ""],
      ["out_of_service", "Burner repair"],
    ]);
  });

  it("the database refuses an occupancy of a chamber out of service (a superuser bypassing the service)", async () => {
    const chamberId = await newChamber();
    const c = await caseAtDoor();
    await setService(admin, chamberId, { inService: false, reason: "Annual inspection" });
    await superuser(async (client) => {
      await expect(
        client.query(`INSERT INTO chamber_occupancies (chamber_id, case_id, service_type, share_key, entered_at) VALUES ($1, $2, 'partitioned', 'shared', now())`, [chamberId, c.id]),
      ).rejects.toMatchObject({ code: "BF031" });
      await expect(client.query(`UPDATE cremation_chambers SET out_of_service_reason = NULL WHERE id = $1`, [chamberId])).rejects.toMatchObject({ code: "23514" });
    });
  });

  it("race: taken out of service between the scan's check and its insert; the database refuses the scan", async () => {
    const chamberId = await newChamber();
    const c = await caseAtDoor();
    await superuser(async (client) => {
      await client.query("BEGIN");
      await client.query(`UPDATE cremation_chambers SET out_of_service_since = now(), out_of_service_reason = 'Flue blocked' WHERE id = $1`, [chamberId]);
      const scanning = chamberIn(staff, c.number, chamberId);
      await untilBlockedOnLock(client);
      await client.query("COMMIT");
      const refused = await scanning;
      expect([refused.status, refused.body.reason]).toEqual([409, "CHAMBER_OUT_OF_SERVICE"]);
      expect(refused.body.message).toContain("(Flue blocked)");
    });
    expect(await testDb.prisma.chamberOccupancy.count({ where: { caseId: c.id } })).toBe(0);
  });

  it("race: 6 rounds of a chamber-in against taking the chamber out of service: exactly one wins each time", async () => {
    for (let round = 0; round < 6; round++) {
      const chamberId = await newChamber();
      const c = await caseAtDoor("private");
      const [scanned, taken] = await Promise.all([chamberIn(staff, c.number, chamberId), setService(manager, chamberId, { inService: false, reason: "Race" })]);
      const entered = await testDb.prisma.chamberOccupancy.count({ where: { caseId: c.id } });
      const chamber = await testDb.prisma.cremationChamber.findUniqueOrThrow({ where: { id: chamberId } });
      if (scanned.status === 201) {
        expect([taken.status, entered, chamber.outOfServiceSince]).toEqual([409, 1, null]);
      } else {
        expect([scanned.status, scanned.body.reason, taken.status, entered]).toEqual([409, "CHAMBER_OUT_OF_SERVICE", 200, 0]);
      }
    }
  });
});

describe("API keys", () => {
  it("cases:read reads certifications and the log; writing needs cases:write and the acting member's permission", async () => {
    const chamberId = await newChamber();
    const key = async (actingUserId: string, scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId, scopes })).token}` });
    const [reader, managerWriter, adminWriter] = [await key(manager.id, ["cases:read"]), await key(manager.id, ["cases:write"]), await key(admin.id, ["cases:write"])];
    const entry = { kind: "inspection", performedOn: today() };
    expect((await call(addMaintenanceHandler, { method: "POST", path: "x", headers: reader, params: { id: chamberId }, body: entry })).status).toBe(403);
    expect((await call(addMaintenanceHandler, { method: "POST", path: "x", headers: managerWriter, params: { id: chamberId }, body: entry })).status).toBe(201);
    expect((await call(maintenanceHandler, { path: "x", headers: reader, params: { id: chamberId } })).body.total).toBe(1);
    expect((await call(maintenanceHandler, { path: "x", headers: managerWriter, params: { id: chamberId } })).status).toBe(403);
    expect((await certify({ headers: managerWriter }, certBody(staff.id))).status).toBe(403);
    expect((await certify({ headers: adminWriter }, certBody(staff.id))).status).toBe(201);
    expect((await call(certificationsHandler, { path: `/api/cases/certifications?memberId=${staff.id}`, headers: reader })).status).toBe(200);
    expect((await setService({ headers: managerWriter }, chamberId, { inService: false, reason: "Key" })).status).toBe(200);
    expect((await call(settingsHandler, { method: "PUT", path: "x", headers: reader, body: { requireCertification: true } })).status).toBe(403);
  });
});
