import "server-only";
import { AppError } from "@/lib/http/app-error";
import type { Role } from "@/lib/generated/prisma/enums";
import type { Caller } from "./resolve-caller";

export const isAdmin = (caller: Pick<Caller, "role"> | null | undefined): boolean => caller?.role === "admin";

/** For services and server components; route handlers use `route(handler, { roles })`. */
export function requireRole(caller: Caller | null | undefined, roles: Role | readonly Role[]): Caller {
  if (!caller) throw new AppError("UNAUTHORIZED", "Unauthorized");
  const allowed: readonly Role[] = typeof roles === "string" ? [roles] : roles;
  if (!allowed.includes(caller.role)) throw new AppError("FORBIDDEN", "Access denied");
  return caller;
}
