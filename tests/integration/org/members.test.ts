import { GET as listRoute, POST as createRoute } from "@/app/api/members/route";
import { GET as profileRoute, PATCH as patchRoute } from "@/app/api/members/[id]/route";
import { POST as deactivateRoute } from "@/app/api/members/[id]/deactivate/route";
import { POST as reactivateRoute } from "@/app/api/members/[id]/reactivate/route";
import { GET as currentUserRoute } from "@/app/api/user/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { businessWeekRange } from "@/lib/dates/instants";
import { addMembership, createPunchSession, createTask, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

let admin: { id: string; email: string };
let adminHeaders: Record<string, string>;
let staff: { id: string; email: string };
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  admin = await createUser(testDb.prisma, { role: "admin", firstName: "Alex", lastName: "Admin" });
  adminHeaders = await signIn(admin);
  staff = await createUser(testDb.prisma, { role: "staff", firstName: "Sam", lastName: "Staff" });
  staffHeaders = await signIn(staff);
});

const list = (query: string, headers?: Record<string, string>) => call(listRoute, { path: `/api/members${query}`, headers });
const create = (body: unknown, headers: Record<string, string> = adminHeaders) => call(createRoute, { method: "POST", path: "/api/members", body, headers });
const patch = (id: string, body: unknown, headers: Record<string, string> = adminHeaders) =>
  call(patchRoute, { method: "PATCH", path: `/api/members/${id}`, body, headers, params: { id } });
const profile = (id: string, headers: Record<string, string>) => call(profileRoute, { path: `/api/members/${id}`, headers, params: { id } });
const deactivate = (id: string, headers: Record<string, string> = adminHeaders) =>
  call(deactivateRoute, { method: "POST", path: `/api/members/${id}/deactivate`, headers, params: { id } });
const reactivate = (id: string, headers: Record<string, string> = adminHeaders) =>
  call(reactivateRoute, { method: "POST", path: `/api/members/${id}/reactivate`, headers, params: { id } });

describe("GET /api/members", () => {
  it("401 signed out; 400 naming a bad filter", async () => {
    expect((await list("")).status).toBe(401);
    const bad = await list("?role=king", staffHeaders);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("role must be admin, manager or staff");
    const badPage = await list("?pageSize=501", staffHeaders);
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toBe("pageSize must be at most 500");
  });

  it("staff see names, role, member type and units, never emails or phone numbers; admins see them", async () => {
    const unit = await createUnit(testDb.prisma, { name: "Visible Unit", unitNumber: 410 });
    const member = await createUser(testDb.prisma, { firstName: "Vera", lastName: "Visible", phone: "555-0199", memberType: "contractor" });
    await addMembership(testDb.prisma, unit.id, member.id);

    const asStaff = await list("?q=vera", staffHeaders);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(asStaff.body.items[0]).toEqual({
      id: member.id,
      firstName: "Vera",
      lastName: "Visible",
      memberType: "contractor",
      role: "staff",
      isActive: true,
      units: [{ id: unit.id, name: "Visible Unit", unitNumber: 410 }],
    });
    expect(JSON.stringify(asStaff.body)).not.toMatch(/email|phone|555-0199|passwordHash/);

    const asAdmin = await list("?q=vera", adminHeaders);
    expect(asAdmin.body.items[0]).toMatchObject({ email: member.email, phone: "555-0199" });
    // Staff cannot find people by their email either.
    expect((await list(`?q=${encodeURIComponent(member.email)}`, staffHeaders)).body.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent(member.email)}`, adminHeaders)).body.total).toBe(1);
  });

  it("filters by unit, role, member type and active; memberType defaults to employee", async () => {
    const unit = await createUnit(testDb.prisma);
    const a = await createUser(testDb.prisma, { firstName: "Filter", lastName: "One", role: "manager" });
    const b = await createUser(testDb.prisma, { firstName: "Filter", lastName: "Two", memberType: "volunteer" });
    const c = await createUser(testDb.prisma, { firstName: "Filter", lastName: "Three", isActive: false });
    await addMembership(testDb.prisma, unit.id, a.id);
    await addMembership(testDb.prisma, unit.id, c.id);

    const ids = async (q: string) => (await list(`?q=Filter&${q}`, staffHeaders)).body.items.map((m: { id: string }) => m.id);
    expect(await ids(`unitId=${unit.id}`)).toEqual([a.id]);
    expect(await ids(`unitId=${unit.id}&active=all`)).toEqual([a.id, c.id]);
    expect(await ids("active=false")).toEqual([c.id]);
    expect(await ids("role=manager")).toEqual([a.id]);
    expect(await ids("memberType=volunteer")).toEqual([b.id]);
    expect(await ids("memberType=employee")).toEqual([a.id]);
  });

  it("paginates past 50 with a total, sorted by last name", async () => {
    for (let i = 0; i < 55; i++) await createUser(testDb.prisma, { firstName: "Paged", lastName: `P${String(i).padStart(2, "0")}` });
    const first = await list("?q=Paged", staffHeaders);
    expect(first.body.total).toBe(55);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].lastName).toBe("P00");
    const second = await list("?q=Paged&page=2", staffHeaders);
    expect(second.body.items.map((m: { lastName: string }) => m.lastName)).toEqual(["P50", "P51", "P52", "P53", "P54"]);
    expect((await list("?q=Paged&pageSize=500", staffHeaders)).body.items).toHaveLength(55);
  });
});

describe("POST /api/members", () => {
  it("401, 403 for staff, 400 naming the field, 409 for a taken email", async () => {
    const body = { firstName: "New", lastName: "Person", email: "new.person@example.test" };
    expect((await create(body, {})).status).toBe(401);
    expect((await create(body, staffHeaders)).status).toBe(403);
    const noName = await create({ ...body, firstName: "" });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("First name is required");
    const badEmail = await create({ ...body, email: "nope" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe("Enter a valid email address");
    const shortPassword = await create({ ...body, temporaryPassword: "short" });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe("temporaryPassword: Password must be at least 8 characters");
    const taken = await create({ ...body, email: staff.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("A member with this email already exists");
    expect(await testDb.prisma.user.count({ where: { email: body.email } })).toBe(0);
  });

  it("creates a member with a generated temporary password that must be changed at first sign-in", async () => {
    const unit = await createUnit(testDb.prisma, { name: "Front Desk" });
    const res = await create({ firstName: "Nina", lastName: "New", email: "Nina.New@Example.test", role: "manager", unitIds: [unit.id] });
    expect(res.status).toBe(201);
    expect(res.body.member).toMatchObject({ firstName: "Nina", lastName: "New", email: "nina.new@example.test", role: "manager", memberType: "employee", isActive: true, units: [{ id: unit.id, name: "Front Desk" }] });
    expect(res.body.temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);

    const stored = await testDb.prisma.user.findUniqueOrThrow({ where: { email: "nina.new@example.test" } });
    expect(stored.mustChangePassword).toBe(true);
    expect(stored.passwordHash).not.toContain(res.body.temporaryPassword);

    // The temporary password signs in, and the session says it must be changed.
    const login = await call(loginRoute, { method: "POST", path: "/api/login", body: { email: "nina.new@example.test", password: res.body.temporaryPassword } });
    expect(login.status).toBe(200);
    expect(login.body.mustChangePassword).toBe(true);

    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: stored.id, action: "member.create" } });
    expect(audit).toMatchObject({ actorId: admin.id, after: { email: "nina.new@example.test", role: "manager", unitIds: [unit.id] }, metadata: { temporaryPassword: "generated" } });
    expect(JSON.stringify(audit)).not.toContain(res.body.temporaryPassword);
  });

  it("accepts the admin's own temporary password and does not echo it; 400 for an unknown unit", async () => {
    const res = await create({ firstName: "Tina", lastName: "Typed", email: "tina@example.test", temporaryPassword: "welcome-2026" });
    expect(res.status).toBe(201);
    expect(res.body.temporaryPassword).toBeUndefined();
    await expect(signIn({ email: "tina@example.test" }, { password: "welcome-2026" })).resolves.toBeDefined();

    const badUnit = await create({ firstName: "U", lastName: "U", email: "u@example.test", unitIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.message).toBe("unitIds: Unit not found");
  });
});

describe("PATCH /api/members/{id}", () => {
  it("401, 403, 404, 400", async () => {
    const user = await createUser(testDb.prisma);
    expect((await patch(user.id, { firstName: "X" }, {})).status).toBe(401);
    expect((await patch(user.id, { firstName: "X" }, staffHeaders)).status).toBe(403);
    expect((await patch("00000000-0000-4000-8000-000000000000", { firstName: "X" })).status).toBe(404);
    const bad = await patch(user.id, { memberType: "robot" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Member type must be employee, contractor or volunteer");
  });

  it("edits name, role, member type and replaces the units (the move from one unit to another); audited", async () => {
    const from = await createUnit(testDb.prisma, { name: "From" });
    const to = await createUnit(testDb.prisma, { name: "To" });
    const user = await createUser(testDb.prisma, { firstName: "Mo", lastName: "Ver" });
    await addMembership(testDb.prisma, from.id, user.id);

    const res = await patch(user.id, { firstName: "Moe", role: "manager", memberType: "contractor", unitIds: [to.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Moe", role: "manager", memberType: "contractor", units: [{ id: to.id, name: "To" }] });
    const memberships = await testDb.prisma.unitMembership.findMany({ where: { userId: user.id } });
    expect(memberships.map((m) => m.unitId)).toEqual([to.id]);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: "member.update" } });
    expect(audit).toMatchObject({
      before: { firstName: "Mo", role: "staff", memberType: "employee", unitIds: [from.id] },
      after: { firstName: "Moe", role: "manager", memberType: "contractor", unitIds: [to.id] },
    });
  });

  it("409 for another member's email", async () => {
    const user = await createUser(testDb.prisma);
    const res = await patch(user.id, { email: admin.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A member with this email already exists");
  });
});

describe("POST /api/members/{id}/deactivate and /reactivate", () => {
  it("deactivation ends every session, blocks sign-in, keeps history; reactivation restores sign-in", async () => {
    const db = testDb.prisma;
    const user = await createUser(db, { firstName: "Dee", lastName: "Activated" });
    const unit = await createUnit(db);
    await addMembership(db, unit.id, user.id);
    const task = await createTask(db, { createdById: user.id, organizationalUnitId: unit.id, assigneeType: "user", assigneeId: user.id });
    const headers = await signIn(user);
    const bearer = await signIn(user, { via: "bearer" });
    expect((await call(currentUserRoute, { path: "/api/user", headers })).status).toBe(200);

    expect((await deactivate(user.id, {})).status).toBe(401);
    expect((await deactivate(user.id, staffHeaders)).status).toBe(403);
    expect((await deactivate("00000000-0000-4000-8000-000000000000")).status).toBe(404);

    const res = await deactivate(user.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, isActive: false });
    expect((await call(currentUserRoute, { path: "/api/user", headers })).status).toBe(401);
    expect((await call(currentUserRoute, { path: "/api/user", headers: bearer })).status).toBe(401);
    expect(await db.authSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    const login = await call(loginRoute, { method: "POST", path: "/api/login", body: { email: user.email, password: "correct-horse-42" } });
    expect(login.status).not.toBe(200);
    // History stays.
    expect(await db.task.count({ where: { id: task.id, assigneeId: user.id } })).toBe(1);
    expect(await db.unitMembership.count({ where: { userId: user.id } })).toBe(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: "member.deactivate" } });
    expect(audit).toMatchObject({ before: { isActive: true }, after: { isActive: false }, metadata: { revokedSessions: 2 } });
    // Idempotent.
    expect((await deactivate(user.id)).status).toBe(200);
    expect(await db.auditLog.count({ where: { entityId: user.id, action: "member.deactivate" } })).toBe(1);

    const back = await reactivate(user.id);
    expect(back.status).toBe(200);
    expect(back.body.isActive).toBe(true);
    await expect(signIn(user)).resolves.toBeDefined();
    expect(await db.auditLog.count({ where: { entityId: user.id, action: "member.reactivate" } })).toBe(1);
  });
});

describe("GET /api/members/{id}", () => {
  it("401 signed out, 404 missing", async () => {
    expect((await profile(staff.id, {})).status).toBe(401);
    const missing = await profile("00000000-0000-4000-8000-000000000000", staffHeaders);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Member not found");
  });

  it("profile with units, open tasks (private ones hidden from others), hours this week and recent punches", async () => {
    const db = testDb.prisma;
    const unit = await createUnit(db, { name: "Profile Unit" });
    const member = await createUser(db, { firstName: "Pro", lastName: "File", phone: "555-7777" });
    await addMembership(db, unit.id, member.id);
    const assigned = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, assigneeType: "user", assigneeId: member.id, title: "Assigned open" });
    const teamTask = await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, title: "On the team", team: [{ userId: member.id, isLead: true }] });
    await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, title: "Done", status: "completed" });
    await createTask(db, { createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, title: "Deleted", deletedAt: new Date() });
    const secret = await createTask(db, { createdById: member.id, organizationalUnitId: unit.id, assigneeId: member.id, title: "Private", isPrivate: true });

    const now = new Date();
    const weekStart = businessWeekRange(now).start;
        // A one-minute session this week (just after the week began, or a minute ago when the week is young), and one last week.
    const thisWeekIn = new Date(Math.max(weekStart.getTime(), now.getTime() - 3_600_000));
    await createPunchSession(db, { userId: member.id, punchInAt: thisWeekIn, punchOutAt: new Date(thisWeekIn.getTime() + 60_000) });
    await createPunchSession(db, { userId: member.id, punchInAt: new Date(weekStart.getTime() - 10 * 86_400_000), punchOutAt: new Date(weekStart.getTime() - 10 * 86_400_000 + 3_600_000) });

    const own = await profile(member.id, await signIn(member));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: member.id, firstName: "Pro", email: member.email, phone: "555-7777", units: [{ id: unit.id, name: "Profile Unit" }] });
    expect(own.body.openTasks.total).toBe(3);
    expect(own.body.openTasks.items.map((t: { id: string }) => t.id).sort()).toEqual([assigned.id, teamTask.id, secret.id].sort());
    expect(own.body.openTasks.items.find((t: { id: string }) => t.id === teamTask.id).isLead).toBe(true);
    expect(own.body.hoursThisWeek.minutes).toBeGreaterThan(0);
    expect(new Date(own.body.hoursThisWeek.weekStart).toISOString()).toBe(weekStart.toISOString());
    expect(own.body.recentPunches).toHaveLength(2);

    const asStaff = await profile(member.id, staffHeaders);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.openTasks.total).toBe(2); // the private task is not theirs to see
    expect(asStaff.body).not.toHaveProperty("email");
    expect(asStaff.body).not.toHaveProperty("phone");
    expect(asStaff.body.hoursThisWeek).toBeNull();
    expect(asStaff.body.recentPunches).toBeNull();

    const asAdmin = await profile(member.id, adminHeaders);
    expect(asAdmin.body.openTasks.total).toBe(3);
    expect(asAdmin.body.hoursThisWeek).not.toBeNull();
  });
});

describe("hours this week", () => {
  it("counts only the part inside this week (business zone, Monday start) and an open session up to now", async () => {
    const db = testDb.prisma;
    const { getMemberProfile } = await import("@/lib/services/members/get-member-profile");
    const member = await createUser(db);
    // Wednesday 2026-03-11 12:00 in Chicago (CDT, UTC-5) = 17:00Z; the week began Monday 2026-03-09 00:00 CDT = 05:00Z.
    const at = new Date("2026-03-11T17:00:00Z");
    expect(businessWeekRange(at).start.toISOString()).toBe("2026-03-09T05:00:00.000Z");
    // Sunday 23:00 -> Monday 01:00 local: one hour counts.
    await createPunchSession(db, { userId: member.id, punchInAt: new Date("2026-03-09T04:00:00Z"), punchOutAt: new Date("2026-03-09T06:00:00Z") });
    // Tuesday 8:00-12:00: four hours.
    await createPunchSession(db, { userId: member.id, punchInAt: new Date("2026-03-10T13:00:00Z"), punchOutAt: new Date("2026-03-10T17:00:00Z") });
    // Open since Wednesday 11:30: thirty minutes until `at`.
    await createPunchSession(db, { userId: member.id, punchInAt: new Date("2026-03-11T16:30:00Z") });
    const caller = { userId: member.id, role: "staff" as const, firstName: "", lastName: "", email: member.email, sessionId: null, via: "cookie" as const, mustChangePassword: false };
    const result = await getMemberProfile(caller, member.id, at);
    expect(result.hoursThisWeek?.minutes).toBe(60 + 240 + 30);
    expect(result.recentPunches?.[0]).toMatchObject({ punchOutAt: null, minutes: 30 });
  });
});

describe("payroll ID and pay type", () => {
  it("are set on create, edited, unique when set (409 naming the field), cleared with a blank, shown to admins only", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const a = await create({ firstName: "Pat", lastName: "Payroll", email: `pat-${suffix}@example.com`, payrollId: ` EMP-${suffix} `, payType: "salaried" });
    expect(a.status).toBe(201);
    expect(a.body.member).toMatchObject({ payrollId: `EMP-${suffix}`, payType: "salaried" });
    expect(await testDb.prisma.user.findUniqueOrThrow({ where: { id: a.body.member.id } })).toMatchObject({ payrollId: `EMP-${suffix}`, payType: "salaried" });

    const dup = await create({ firstName: "Dee", lastName: "Dup", email: `dee-${suffix}@example.com`, payrollId: `EMP-${suffix}` });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: "Another member already has this payroll ID", field: "payrollId" });
    const b = await create({ firstName: "Bo", lastName: "Blank", email: `bo-${suffix}@example.com`, payrollId: "" });
    expect(b.status).toBe(201);
    expect(b.body.member).toMatchObject({ payrollId: null, payType: "hourly" });
    // Two members without one are fine; taking another's on edit is refused.
    expect((await create({ firstName: "Cy", lastName: "Blank", email: `cy-${suffix}@example.com` })).status).toBe(201);
    const taken = await patch(b.body.member.id, { payrollId: `EMP-${suffix}` });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe("payrollId");
    const bad = await patch(b.body.member.id, { payType: "monthly" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Pay type/);
    const long = await patch(b.body.member.id, { payrollId: "x".repeat(65) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/Payroll ID/);

    // "volunteer" is a member type, not a pay type.
    const notAPayType = await patch(a.body.member.id, { payType: "volunteer" });
    expect(notAPayType.status).toBe(400);
    expect(notAPayType.body).toMatchObject({ message: "Pay type must be hourly or salaried" });
    const changed = await patch(a.body.member.id, { payrollId: "", payType: "hourly" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ payrollId: null, payType: "hourly" });
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "member.update", entityId: a.body.member.id } });
    expect(audit.after).toMatchObject({ payrollId: null, payType: "hourly" });

    const asStaff = await profile(a.body.member.id, staffHeaders);
    expect(asStaff.body.payrollId).toBeUndefined();
    expect(asStaff.body.payType).toBeUndefined();
  });

  it("the member type is the one source of truth for volunteers: a volunteer has no pay type, on create, on edit and in the database", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const vol = await create({ firstName: "Val", lastName: "Volunteer", email: `val-${suffix}@example.com`, memberType: "volunteer" });
    expect(vol.status).toBe(201);
    expect(vol.body.member).toMatchObject({ memberType: "volunteer", payType: null });
    const paidVolunteer = await create({ firstName: "Pia", lastName: "Paid", email: `pia-${suffix}@example.com`, memberType: "volunteer", payType: "hourly" });
    expect(paidVolunteer.status).toBe(400);
    expect(paidVolunteer.body).toMatchObject({ message: "A volunteer is not paid and has no pay type" });
    expect(await patch(vol.body.member.id, { payType: "salaried" })).toMatchObject({ status: 400, body: { field: "payType" } });

    // Becoming paid gives a pay type (hourly unless one is sent); becoming a volunteer clears it.
    const employed = await patch(vol.body.member.id, { memberType: "employee" });
    expect(employed.body).toMatchObject({ memberType: "employee", payType: "hourly" });
    const salaried = await patch(vol.body.member.id, { memberType: "contractor", payType: "salaried" });
    expect(salaried.body).toMatchObject({ memberType: "contractor", payType: "salaried" });
    const back = await patch(vol.body.member.id, { memberType: "volunteer" });
    expect(back.body).toMatchObject({ memberType: "volunteer", payType: null });
    expect(await testDb.prisma.user.findUniqueOrThrow({ where: { id: vol.body.member.id }, select: { memberType: true, payType: true } })).toEqual({ memberType: "volunteer", payType: null });

    // The database holds the rule for every writer.
    await expect(testDb.prisma.user.update({ where: { id: vol.body.member.id }, data: { payType: "hourly" } })).rejects.toThrow(/users_pay_type_of_member_type/);
    const emp = await create({ firstName: "Eve", lastName: "Employee", email: `eve-${suffix}@example.com` });
    await expect(testDb.prisma.user.update({ where: { id: emp.body.member.id }, data: { payType: null } })).rejects.toThrow(/users_pay_type_of_member_type/);
  });

  it("the database refuses a duplicate payroll ID even when two writes race", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const results = await Promise.all(
      [1, 2, 3].map((i) => create({ firstName: "Race", lastName: `R${i}`, email: `race${i}-${suffix}@example.com`, payrollId: `RACE-${suffix}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.field).toBe("payrollId");
  });
});
