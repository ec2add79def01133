/** Resources the matrix rows create for one request, through the shared factories. */
import { createHash, randomUUID } from "node:crypto";
import { createPunchSession, createTask, createUnit, createUser, createVendor, type TaskFactoryInput } from "@/prisma/factories";
import type { SetupContext } from "./types";

/** A task created by the staff owner in the department (public unless told otherwise). */
export function ownersTask(ctx: SetupContext, overrides: Partial<TaskFactoryInput> & { deleted?: boolean } = {}) {
  const { deleted, ...rest } = overrides;
  return createTask(ctx.db, {
    createdById: ctx.users.staff.id,
    organizationalUnitId: ctx.unitId,
    ...rest,
    ...(deleted ? { deletedAt: new Date(), deletedById: ctx.users.staff.id } : {}),
  });
}

/** Punches the caller in (rows whose request needs an open punch). */
export async function punchCallerIn(ctx: SetupContext) {
  if (!ctx.caller) return null;
  return createPunchSession(ctx.db, { userId: ctx.caller.id });
}

export const freshUser = (ctx: SetupContext, overrides: { isActive?: boolean } = {}) => createUser(ctx.db, { role: "staff", ...overrides });
export const freshUnit = (ctx: SetupContext) => createUnit(ctx.db);
export const freshVendor = (ctx: SetupContext) => createVendor(ctx.db);

/** Stored the way lib/auth/tokens.ts stores codes and tokens (sha-256 hex); the matrix must not import server code. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const uniqueEmail = (what: string) => `${what}-${randomUUID().slice(0, 8)}@matrix.test`;
