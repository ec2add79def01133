import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isInvariantViolation, isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict } from "@/lib/http/app-error";
import { orderStops } from "@/lib/runs/stop-order";
import { loadFacility } from "./run-shape";

type Tx = Prisma.TransactionClient;

export const alreadyOnRunMessage = (number: string) => `${number} is already on a run; remove it there first.`;
const notOpenMessage = (number: string, status: string) =>
  status === "assigned" ? alreadyOnRunMessage(number) : status === "picked_up" ? `${number} was already picked up.` : `${number} was cancelled.`;

const num = (value: Prisma.Decimal | null) => (value === null ? null : Number(value));

/** One stop per place on a run: the clinic, or the home's address as typed (case and spaces aside). */
export const placeKeyOf = (request: { clinicVendorId: string | null; address: string }) =>
  request.clinicVendorId ? `clinic:${request.clinicVendorId}` : `home:${request.address.toLowerCase().replace(/\s+/g, " ").trim()}`;

/**
 * Puts open pickup requests on a run: each on its place's stop (made when the run has none there),
 * then orders the run's stops again (orderRunStops). In the caller's transaction. A request that is
 * not open is a 409; two dispatchers adding one request to two runs at once are decided by the
 * unique index pickup_run_items_request_key: the second insert waits for the first, then fails,
 * and its transaction answers the same 409 (runRaceConflict).
 */
export async function placeRequests(tx: Tx, caller: Caller, runId: string, requestIds: readonly string[], at: Date): Promise<void> {
  if (requestIds.length === 0) return;
  const requests = await tx.pickupRequest.findMany({
    where: { id: { in: [...requestIds] } },
    select: { id: true, number: true, status: true, clinicVendorId: true, address: true, postcode: true, latitude: true, longitude: true },
  });
  const found = new Set(requests.map((r) => r.id));
  const missing = requestIds.find((id) => !found.has(id));
  if (missing) throw badRequest(`requestIds names no pickup request (${missing})`, { field: "requestIds" });
  const closed = requests.find((r) => r.status !== "open");
  if (closed) throw conflict(notOpenMessage(closed.number, closed.status), { field: "requestIds", requestId: closed.id });

  const keyOf = new Map(requests.map((r) => [r.id, placeKeyOf(r)]));
  const existing = await tx.pickupRunStop.findMany({ where: { runId, placeKey: { in: [...new Set(keyOf.values())] } }, select: { id: true, placeKey: true } });
  const stopOf = new Map(existing.map((s) => [s.placeKey, s.id]));
  const newStops = new Map<string, (typeof requests)[number]>();
  for (const r of requests) if (!stopOf.has(keyOf.get(r.id)!) && !newStops.has(keyOf.get(r.id)!)) newStops.set(keyOf.get(r.id)!, r);
  if (newStops.size > 0) {
    const last = await tx.pickupRunStop.aggregate({ where: { runId }, _max: { position: true } });
    let position = last._max.position ?? 0;
    const created = await tx.pickupRunStop.createManyAndReturn({
      data: [...newStops].map(([placeKey, r]) => ({
        runId,
        position: (position += 1),
        placeKey,
        clinicVendorId: r.clinicVendorId,
        address: r.address,
        postcode: r.postcode,
        latitude: r.latitude,
        longitude: r.longitude,
      })),
      select: { id: true, placeKey: true },
    });
    for (const s of created) stopOf.set(s.placeKey, s.id);
  }
  await tx.pickupRunItem.createMany({ data: requests.map((r) => ({ runId, stopId: stopOf.get(keyOf.get(r.id)!)!, pickupRequestId: r.id, addedById: caller.userId, addedAt: at })) });
  await tx.pickupRequest.updateMany({ where: { id: { in: requests.map((r) => r.id) }, status: "open" }, data: { status: "assigned" } });
}

/** The 409 of a request another dispatcher put on a run between our read and our insert (the unique index decided). */
export async function runRaceConflict(error: unknown, requestIds: readonly string[]): Promise<unknown> {
  if (!isInvariantViolation(error, "pickup_run_items_request_key") && !(isUniqueViolation(error) && String((error as Error).message).includes("pickup_request_id"))) return error;
  const taken = await db.pickupRunItem.findFirst({ where: { pickupRequestId: { in: [...requestIds] } }, select: { request: { select: { id: true, number: true } } } });
  return conflict(alreadyOnRunMessage(taken?.request.number ?? "A request"), { field: "requestIds", requestId: taken?.request.id ?? null });
}

/**
 * Orders the run's stops by nearest neighbour from the facility (lib/runs/stop-order.ts), urgent
 * places first on a tie, and writes the positions in one statement.
 */
export async function orderRunStops(tx: Tx, runId: string): Promise<void> {
  const [facility, stops] = await Promise.all([
    loadFacility(tx),
    tx.pickupRunStop.findMany({
      where: { runId },
      orderBy: { position: "asc" },
      select: { id: true, latitude: true, longitude: true, postcode: true, items: { select: { request: { select: { urgency: true } } } } },
    }),
  ]);
  const urgentFirst = [...stops.filter((s) => s.items.some((i) => i.request.urgency === "urgent")), ...stops.filter((s) => !s.items.some((i) => i.request.urgency === "urgent"))];
  const ordered = orderStops(
    facility,
    urgentFirst.map((s) => ({ id: s.id, latitude: num(s.latitude), longitude: num(s.longitude), postcode: s.postcode })),
  );
  if (ordered.length === 0) return;
  const ids = ordered.map((s) => s.id);
  const positions = ordered.map((_, i) => i + 1);
  await tx.$executeRaw`
    UPDATE pickup_run_stops AS s SET position = v.position
    FROM unnest(${ids}::uuid[], ${positions}::int[]) AS v(id, position)
    WHERE s.id = v.id AND s.position IS DISTINCT FROM v.position`;
}
