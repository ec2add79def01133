/**
 * The per-check members and clean-up shared by the matrix's two walks: the API rows in jest
 * (tests/authorization/api-walk.ts, in-process) and the pages in Playwright
 * (e2e/authorization-matrix.spec.ts, against the real server).
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addMembership, createUnit, createUser, createVendor } from "@/prisma/factories";
import type { MatrixUsers } from "./types";

export interface MatrixBase {
  users: MatrixUsers;
  unitId: string;
  clinicVendorId: string;
}

/** Fresh staff owner, another staff member and a manager in one department, and an admin outside it. */
export async function freshUsers(db: PrismaClient): Promise<MatrixBase> {
  const [unit, clinicVendor] = await Promise.all([createUnit(db), createVendor(db, { kind: "clinic", address: "1 Clinic Way" })]);
  const [staff, otherStaff, manager, admin, clinic] = await Promise.all([
    createUser(db, { role: "staff" }),
    createUser(db, { role: "staff" }),
    createUser(db, { role: "manager" }),
    createUser(db, { role: "admin" }),
    createUser(db, { role: "clinic", clinicVendorId: clinicVendor.id }),
  ]);
  await Promise.all([staff, otherStaff, manager].map((u) => addMembership(db, unit.id, u.id)));
  return { users: { staff, otherStaff, manager, admin, clinic }, unitId: unit.id, clinicVendorId: clinicVendor.id };
}

/**
 * Retires a check's fresh members and unit once it is answered. A walk creates thousands of
 * members and over a thousand units; left behind they would make every member and unit list
 * (the time card, the scoreboard, the alert recipients, the unit pickers) thousands of rows
 * long. A unit that the check filed work in stays (a task needs its unit), with no members.
 */
export async function retireCheck(db: PrismaClient, { users, unitId }: MatrixBase): Promise<void> {
  await db.user.updateMany({ where: { id: { in: Object.values(users).map((u) => u.id) } }, data: { isActive: false } });
  await db.unitMembership.deleteMany({ where: { unitId } });
  await db.organizationalUnit.deleteMany({
    where: { id: unitId, children: { none: {} }, tasks: { none: {} }, projects: { none: {} }, processes: { none: {} }, processSteps: { none: {} }, alertRules: { none: {} }, shifts: { none: {} } },
  });
}
