import { createHash } from "node:crypto";
import { findChainBreak } from "@/lib/cases/custody-chain";
import { seedDemoData } from "@/prisma/seed";
import { useTestDatabase } from "@/tests/support/db";
import { dateKeyOf } from "@/lib/dates";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const testDb = useTestDatabase();

describe("demo seed", () => {
  beforeAll(async () => {
    expect(await seedDemoData(testDb.prisma, () => undefined)).toBe(true);
  }, 120_000);

  it("is idempotent: a second run adds nothing", async () => {
    const before = await testDb.prisma.task.count();
    expect(await seedDemoData(testDb.prisma, () => undefined)).toBe(false);
    expect(await testDb.prisma.task.count()).toBe(before);
  });

  it("covers every department group, a parent/child pair and an unnumbered unit", async () => {
    const units = await testDb.prisma.organizationalUnit.findMany();
    const hundreds = new Set(units.map((u) => (u.unitNumber == null ? "none" : String(Math.floor(u.unitNumber / 100)))));
    expect([...hundreds].sort()).toEqual(["1", "2", "3", "4", "5", "none"]);
    expect(units.some((u) => u.parentId)).toBe(true);
  });

  it("has an admin and at least five staff spread over units, and a clinic's portal user in none", async () => {
    const users = await testDb.prisma.user.findMany({ include: { memberships: true } });
    const members = users.filter((u) => u.role !== "clinic");
    expect(members.filter((u) => u.role === "admin")).toHaveLength(1);
    expect(members.filter((u) => u.role !== "admin").length).toBeGreaterThanOrEqual(5);
    expect(members.every((u) => u.memberships.length > 0)).toBe(true);
    // A clinic user is not a member of the organization (docs/clinics.md).
    expect(users.filter((u) => u.role === "clinic").map((u) => [u.email, u.memberships.length])).toEqual([["lena@lakesidevet.demo", 0]]);
  });

  it("has tasks of every priority and status, sub-tasks, private, pickup, overdue, checklists and led teams", async () => {
    const tasks = await testDb.prisma.task.findMany({ include: { checklistItems: true, assignments: true } });
    expect([...new Set(tasks.map((t) => t.priority))].sort()).toEqual(["critical", "high", "low", "normal"]);
    expect([...new Set(tasks.map((t) => t.status))].sort()).toEqual(["blocked", "cancelled", "completed", "in_progress", "open"]);
    expect(tasks.some((t) => t.parentTaskId)).toBe(true);
    expect(tasks.some((t) => t.isPrivate)).toBe(true);
    expect(tasks.some((t) => t.availableForPickup)).toBe(true);
    expect(tasks.some((t) => t.dueDate < new Date() && t.status !== "completed")).toBe(true);
    expect(tasks.some((t) => t.checklistItems.length > 0)).toBe(true);
    expect(tasks.some((t) => t.assignments.some((a) => a.isLead))).toBe(true);
    // Every task but a series has a number, and the numbers run without a hole.
    expect(tasks.every((t) => t.isRecurring || t.displayNumber !== null)).toBe(true);
    const numbers = tasks.flatMap((t) => (t.displayNumber === null ? [] : [t.displayNumber])).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it("has two weeks of closed punch history and vendors and projects", async () => {
    const punches = await testDb.prisma.punchSession.findMany();
    const days = new Set(punches.map((p) => dateKeyOf(p.punchInAt)));
    expect(days.size).toBeGreaterThanOrEqual(9);
    expect(punches.every((p) => p.punchOutAt)).toBe(true);
    expect(await testDb.prisma.vendor.count()).toBeGreaterThanOrEqual(3);
    expect(await testDb.prisma.project.count()).toBe(4);
  });

  it("has the business's process templates and one run in progress with dated, dependent tasks", async () => {
    const processes = await testDb.prisma.process.findMany({ include: { steps: { include: { organizationalUnit: true } } } });
    expect(processes.map((p) => p.name).sort()).toEqual(["Communal cremation", "Memorial keepsake order", "Monthly facilities check", "Partitioned cremation", "Private cremation"]);
    const cremation = processes.find((p) => p.name === "Private cremation")!;
    // One step per checkpoint station (docs/cases.md).
    expect(cremation.steps.length).toBe(9);
    const units = new Set(cremation.steps.map((s) => s.organizationalUnit?.name));
    for (const name of ["Front Desk & Scheduling", "Transport & Pickup", "Pet Cremation Services", "Memorial Products"]) expect(units).toContain(name);
    const runs = await testDb.prisma.processRun.findMany({ include: { tasks: { include: { dependencies: true } } } });
    expect(runs).toHaveLength(1);
    const tasks = runs[0].tasks;
    expect(tasks).toHaveLength(cremation.steps.length);
    const done = tasks.filter((t) => t.status === "completed").length;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(tasks.length);
    expect(tasks.some((t) => t.dependencies.length > 0)).toBe(true);
  });

  it("has memorial cases at different steps, their custody logs intact", async () => {
    const cases = await testDb.prisma.memorialCase.findMany({ include: { events: { orderBy: { seq: "asc" } } } });
    expect(cases.length).toBeGreaterThanOrEqual(5);
    expect(new Set(cases.map((c) => c.currentStation)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(cases.map((c) => c.serviceType))).toEqual(new Set(["private", "partitioned", "communal"]));
    expect(cases.some((c) => c.status === "closed")).toBe(true);
    expect(cases.some((c) => c.processRunId)).toBe(true);
    for (const c of cases) expect(findChainBreak(c.events, sha256)).toBeNull();
  });

  it("has certified operators and chamber maintenance, so the chambers screen is not empty", async () => {
    const now = new Date();
    const loaders = await testDb.prisma.memberCertification.findMany({ where: { loadsChamber: true, validFrom: { lte: now }, validUntil: { gt: now } } });
    expect(new Set(loaders.map((c) => c.memberId)).size).toBeGreaterThanOrEqual(2);
    const log = await testDb.prisma.chamberMaintenance.findMany();
    expect(new Set(log.map((e) => e.kind))).toEqual(new Set(["inspection", "repair"]));
    expect(new Set(log.map((e) => e.chamberId)).size).toBe(2);
  });
});
