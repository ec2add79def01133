/**
 * The clinic principal (docs/clinics.md): invited by e-mail, signs in like a member (same lockout),
 * is refused on staff operations, and reaches only its own clinic's cases and pickup requests, by
 * every kind of reference (number, label token, tag serial, pickup number) and its own monthly
 * statements; another clinic's is the same 404 as a wrong one. A pickup request without a pet name
 * is a 400 naming petName.
 */
import { randomUUID } from "node:crypto";
import { POST as registerHandler } from "@/app/api/register/route";
import { POST as loginHandler } from "@/app/api/login/route";
import { GET as listMembers } from "@/app/api/members/route";
import { GET as listTasks } from "@/app/api/tasks/route";
import { GET as caseLabel } from "@/app/api/clinic/cases/[number]/label/route";
import { GET as clinicCases } from "@/app/api/clinic/cases/route";
import { GET as clinicPickups, POST as createClinicPickup } from "@/app/api/clinic/pickup-requests/route";
import { GET as pickupLabel } from "@/app/api/clinic/pickup-requests/[number]/label/route";
import { POST as inviteClinicUser } from "@/app/api/vendors/[id]/clinic-invitations/route";
import { GET as staffPickups } from "@/app/api/pickup-requests/route";
import { GET as clinicStatements } from "@/app/api/clinic/statements/route";
import { GET as clinicStatementFile } from "@/app/api/clinic/statements/[id]/file/route";
import { monthOf, previousMonth } from "@/lib/billing/pricing";
import { businessToday } from "@/lib/dates";
import { startOfDay } from "@/lib/dates/instants";
import { issueStatement } from "@/lib/services/billing/issue-statement";
import { signLabelToken } from "@/lib/services/cases/tokens";
import { createMemorialCase, createPickupRequest, createUser, createVendor, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, cookieFrom, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

async function clinicWithUser() {
  const clinic = await createVendor(testDb.prisma, { kind: "clinic", address: "1 Clinic Way" });
  const user = await createUser(testDb.prisma, { role: "clinic", clinicVendorId: clinic.id });
  return { clinic, user, headers: await signIn(user) };
}

describe("clinic principal", () => {
  it("is invited by e-mail to one clinic, registers with the same rules and signs in", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const clinic = await createVendor(testDb.prisma, { kind: "clinic" });
    const supplier = await createVendor(testDb.prisma, { kind: "vendor" });
    const adminHeaders = await signIn(admin);
    const email = `desk-${randomUUID().slice(0, 8)}@clinic.test`;
    expect((await call(inviteClinicUser, { method: "POST", path: "/x", params: { id: supplier.id }, body: { email }, headers: adminHeaders })).status).toBe(404);
    const invited = await call(inviteClinicUser, { method: "POST", path: "/x", params: { id: clinic.id }, body: { email }, headers: adminHeaders });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation.role).toBe("clinic");
    // The same password rules as a member's registration.
    const weak = await call(registerHandler, { method: "POST", path: "/api/register", body: { email, firstName: "Desk", lastName: "Clinic", password: "short", invitationCode: invited.body.code } });
    expect(weak.status).toBe(400);
    const registered = await call(registerHandler, { method: "POST", path: "/api/register", body: { email, firstName: "Desk", lastName: "Clinic", password: "a-long-clinic-password-1", invitationCode: invited.body.code } });
    expect(registered.status).toBe(201);
    const user = await testDb.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ role: "clinic", clinicVendorId: clinic.id });
    const login = await call(loginHandler, { method: "POST", path: "/api/login", body: { email, password: "a-long-clinic-password-1" } });
    expect(login.status).toBe(200);
    const headers = { cookie: cookieFrom(login)! };
    // Not a member: no staff operation, and on no member list.
    expect((await call(listTasks, { path: "/api/tasks", headers })).status).toBe(403);
    expect((await call(listMembers, { path: "/api/members", headers })).status).toBe(403);
    const members = await call(listMembers, { path: "/api/members?active=all", headers: adminHeaders });
    expect(members.body.items.map((m: { id: string }) => m.id)).not.toContain(user.id);
  });

  it("shares the members' lockout", async () => {
    const { user } = await clinicWithUser();
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await call(loginHandler, { method: "POST", path: "/api/login", body: { email: user.email, password: "wrong-password" } })).status;
    expect(last).toBe(429);
    expect((await call(loginHandler, { method: "POST", path: "/api/login", body: { email: user.email, password: DEFAULT_TEST_PASSWORD } })).status).toBe(429);
  });

  it("reaches only its own clinic's cases and requests, by every kind of reference", async () => {
    const mine = await clinicWithUser();
    const other = await clinicWithUser();
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const own = await createMemorialCase(testDb.prisma, { createdById: admin.id, clinicVendorId: mine.clinic.id });
    const theirs = await createMemorialCase(testDb.prisma, { createdById: admin.id, clinicVendorId: other.clinic.id });
    const direct = await createMemorialCase(testDb.prisma, { createdById: admin.id });
    const label = (number: string) => call(caseLabel, { path: "/x", params: { number }, headers: mine.headers });
    expect((await label(own.number)).status).toBe(200);
    expect((await label(signLabelToken(own.number))).status).toBe(200);
    expect((await label(own.tagSerial)).status).toBe(200);
    for (const kase of [theirs, direct]) {
      for (const ref of [kase.number, signLabelToken(kase.number), kase.tagSerial, kase.id]) {
        const res = await label(ref);
        expect({ ref, status: res.status, body: res.body }).toEqual({ ref, status: 404, body: (await label("C-2099-99999")).body });
      }
    }
    const list = await call(clinicCases, { path: "/api/clinic/cases", headers: mine.headers });
    expect(list.body.items.map((c: { number: string }) => c.number)).toEqual([own.number]);

    const theirRequest = await createPickupRequest(testDb.prisma, { createdById: other.user.id, clinicVendorId: other.clinic.id });
    expect((await call(pickupLabel, { path: "/x", params: { number: theirRequest.number }, headers: mine.headers })).status).toBe(404);
    expect((await call(pickupLabel, { path: "/x", params: { number: theirRequest.number }, headers: other.headers })).status).toBe(200);
    const pickups = await call(clinicPickups, { path: `/api/clinic/pickup-requests?clinicVendorId=${other.clinic.id}`, headers: mine.headers });
    expect(pickups.body.items).toEqual([]);
  });

  it("reads only its own clinic's statements: another clinic's statement is the same 404 as a missing one", async () => {
    const mine = await clinicWithUser();
    const other = await clinicWithUser();
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const lastMonth = previousMonth(monthOf(businessToday()));
    const kase = await createMemorialCase(testDb.prisma, { createdById: admin.id, clinicVendorId: mine.clinic.id });
    const at = new Date(startOfDay(`${lastMonth}-10`).getTime() + 12 * 3_600_000);
    await testDb.prisma.caseCharge.create({ data: { caseId: kase.id, kind: "service", description: "Communal cremation", taxCategory: "service", amountCents: 6000, createdById: admin.id, createdAt: at } });
    const issued = await issueStatement({ userId: admin.id } as never, { clinicVendorId: mine.clinic.id, month: lastMonth });

    const list = await call(clinicStatements, { path: "/api/clinic/statements", headers: mine.headers });
    expect(list.status).toBe(200);
    expect(list.body.statements).toEqual([expect.objectContaining({ id: issued.id, number: issued.number, month: lastMonth, chargesCents: 6000, paymentsCents: 0, balanceCents: 6000 })]);
    expect((await call(clinicStatements, { path: "/api/clinic/statements", headers: other.headers })).body.statements).toEqual([]);

    const file = (headers: Record<string, string>, id: string, format = "pdf") => call(clinicStatementFile, { path: `/api/clinic/statements/${id}/file?format=${format}`, params: { id }, headers });
    const pdf = await file(mine.headers, issued.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(String(pdf.body).startsWith("%PDF")).toBe(true);
    const csv = await file(mine.headers, issued.id, "csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(String(csv.body)).toContain(issued.number);
    // The QuickBooks file is the bookkeeper's, not the clinic's.
    expect((await file(mine.headers, issued.id, "iif")).status).toBe(400);

    const missing = await file(other.headers, randomUUID());
    expect(missing.status).toBe(404);
    const theirs = await file(other.headers, issued.id);
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: missing.body });
    expect((await file(other.headers, issued.id, "csv")).status).toBe(404);
    // A member, even an administrator, is refused the portal's operations.
    expect((await file(await signIn(admin), issued.id)).status).toBe(403);
  });

  it("requests a pickup at its own clinic's address, idempotently; no pet name is a 400 naming petName", async () => {
    const { clinic, headers } = await clinicWithUser();
    const noName = await call(createClinicPickup, { method: "POST", path: "/api/clinic/pickup-requests", body: { uuid: randomUUID(), petSpecies: "Cat", ownerWillContact: true }, headers });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain("petName");
    const body = { uuid: randomUUID(), petName: "Biscuit", petSpecies: "Dog", ownerName: "The Smiths", note: "In the cooler, left shelf", clinicVendorId: randomUUID() };
    const first = await call(createClinicPickup, { method: "POST", path: "/api/clinic/pickup-requests", body, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ origin: "clinic", clinic: { id: clinic.id }, address: "1 Clinic Way", status: "open", petName: "Biscuit" });
    const retry = await call(createClinicPickup, { method: "POST", path: "/api/clinic/pickup-requests", body, headers });
    expect(retry.body.id).toBe(first.body.id);
    // Members see it among every clinic's requests.
    const admin = await createUser(testDb.prisma, { role: "staff" });
    const staff = await call(staffPickups, { path: `/api/pickup-requests?clinicVendorId=${clinic.id}`, headers: await signIn(admin) });
    expect(staff.body.items.map((p: { id: string }) => p.id)).toEqual([first.body.id]);
  });
});
