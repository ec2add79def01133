import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { normalizePostcode } from "@/lib/runs/stop-order";
import type { DispatchRequest, ListDispatchRequestsQuery } from "@/lib/validations/runs";

const num = (value: Prisma.Decimal | null) => (value === null ? null : Number(value));

/** A request's area: its postcode's first three characters (what a dispatcher groups by). */
export const areaOf = (postcode: string | null) => normalizePostcode(postcode)?.slice(0, 3) ?? null;

/**
 * GET /api/runs/requests: the open pickup requests (on no run yet), from clinics and homes, urgent
 * first, then oldest first; `area` keeps those whose postcode starts with it, `urgency` one level.
 */
export async function listDispatchRequests(query: ListDispatchRequestsQuery): Promise<{ items: DispatchRequest[]; total: number }> {
  const area = normalizePostcode(query.area);
  const where: Prisma.PickupRequestWhereInput = {
    status: "open",
    ...(query.urgency ? { urgency: query.urgency } : {}),
    ...(area ? { postcode: { startsWith: area, mode: "insensitive" } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.pickupRequest.findMany({
      where,
      orderBy: [{ urgency: "desc" }, { createdAt: "asc" }, { number: "asc" }],
      take: query.limit,
      skip: query.offset,
      select: {
        id: true,
        number: true,
        origin: true,
        clinic: { select: { id: true, name: true } },
        urgency: true,
        petName: true,
        petSpecies: true,
        petWeightLbs: true,
        serviceType: true,
        note: true,
        address: true,
        postcode: true,
        latitude: true,
        longitude: true,
        createdAt: true,
      },
    }),
    db.pickupRequest.count({ where }),
  ]);
  return {
    items: rows.map((r) => ({ ...r, petWeightLbs: num(r.petWeightLbs), latitude: num(r.latitude), longitude: num(r.longitude), area: areaOf(r.postcode), createdAt: r.createdAt.toISOString() })),
    total,
  };
}
