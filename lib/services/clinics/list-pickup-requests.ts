import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListPickupRequestsQuery, PickupRequestDto } from "@/lib/validations/clinics";
import { pickupRequestSelect, toPickupRequestDto, visiblePickupWhere } from "./pickup-shape";

/**
 * The pickup requests a caller may read, urgent first, then oldest first (the order a dispatcher
 * works them), filtered by status, origin and clinic. A clinic user sees only its own clinic's,
 * whatever clinicVendorId it passes.
 */
export async function listPickupRequests(caller: Caller, query: ListPickupRequestsQuery): Promise<{ items: PickupRequestDto[] }> {
  const where: Prisma.PickupRequestWhereInput = {
    AND: [
      visiblePickupWhere(caller),
      query.status === "all" ? {} : { status: query.status },
      query.origin ? { origin: query.origin } : {},
      query.clinicVendorId ? { clinicVendorId: query.clinicVendorId } : {},
    ],
  };
  const rows = await db.pickupRequest.findMany({
    where,
    select: pickupRequestSelect,
    orderBy: [{ urgency: "desc" }, { createdAt: "asc" }, { number: "asc" }],
    take: query.limit,
  });
  return { items: rows.map(toPickupRequestDto) };
}
