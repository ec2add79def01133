/** Shared arrangement for the task integration tests (not a test file itself). */
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addMembership, createUnit, createUser } from "@/prisma/factories";
import { signIn } from "@/tests/support/auth";

export type Role = "admin" | "manager" | "staff";

export async function person(db: PrismaClient, role: Role = "staff", extra: { firstName?: string; lastName?: string } = {}) {
  const user = await createUser(db, { role, ...extra });
  return { user, id: user.id, headers: await signIn(user) };
}

export async function unitWith(db: PrismaClient, ...userIds: string[]) {
  const unit = await createUnit(db, {});
  for (const id of userIds) await addMembership(db, unit.id, id);
  return unit;
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function body(department: string, extra: Record<string, unknown> = {}) {
  return { title: "Prepare memorial candle", department, dueDate: inDays(2), ...extra };
}
