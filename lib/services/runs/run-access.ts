import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";

export const RUN_NOT_FOUND = "Run not found";
export const REQUEST_NOT_ON_RUN = "That pickup request is not on this run";

/**
 * Which runs a caller reads (every read of a run goes through it): a dispatcher every run, anyone
 * else only the runs they drive. Another driver's run is not there (404), not forbidden.
 */
export function visibleRunWhere(caller: Caller): Prisma.PickupRunWhereInput {
  return can(caller, "runs.dispatch") ? {} : { driverId: caller.userId };
}
