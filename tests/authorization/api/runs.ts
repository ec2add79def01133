import { randomUUID } from "node:crypto";
import { addDays, dateColumnOf, dateKeyOf } from "@/lib/dates";
import { adminOnly, signedIn, type ApiExpectation, type ApiRow, type SetupContext } from "../types";

/**
 * Pickup runs (docs/runs.md). Dispatchers (managers and admins) see the open
 * requests and build runs; a driver reads and works their own runs (another's is a 404, the
 * dispatcher reads every run); the facility's place is an admin's. API keys need runs:read /
 * runs:write.
 */
const dispatchers: ApiExpectation = signedIn(200, { staff: 403, otherStaff: 403, mobile: 403 });
const driver = (ok: 200 | 201): ApiExpectation => signedIn(ok, { otherStaff: 404 });

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
let n = 0;

/** An open request from a family's home (its own address: its own stop). */
async function aRequest(ctx: SetupContext) {
  n += 1;
  const seq = 900_000 + n + Math.floor(Math.random() * 90_000);
  return ctx.db.pickupRequest.create({
    data: {
      number: `P-2040-${seq}`,
      year: 2040,
      seq,
      uuid: randomUUID(),
      origin: "home",
      petName: `Matrix ${n}`,
      petSpecies: "Dog",
      ownerName: "Matrix Family",
      serviceType: "private",
      address: `${n} Matrix Road`,
      postcode: "97201",
      createdById: ctx.users.admin.id,
    },
    select: { id: true, number: true },
  });
}

/** A run of today driven by staff, with one request on it. */
async function aRun(ctx: SetupContext) {
  const request = await aRequest(ctx);
  const run = await ctx.db.pickupRun.create({
    data: { uuid: randomUUID(), runDate: dateColumnOf(dateKeyOf(new Date())), driverId: ctx.users.staff.id, vehicle: "Van 1", createdById: ctx.users.manager.id },
    select: { id: true },
  });
  const stop = await ctx.db.pickupRunStop.create({ data: { runId: run.id, position: 1, placeKey: `home:${request.id}`, address: "1 Matrix Road", postcode: "97201" }, select: { id: true } });
  await ctx.db.pickupRunItem.create({ data: { runId: run.id, stopId: stop.id, pickupRequestId: request.id, addedById: ctx.users.manager.id, addedAt: new Date() } });
  await ctx.db.pickupRequest.update({ where: { id: request.id }, data: { status: "assigned" } });
  return { runId: run.id, requestId: request.id };
}

export const runRows: ApiRow[] = [
  { route: "/api/runs/requests", method: "GET", expect: dispatchers },
  { route: "/api/runs", method: "GET", expect: dispatchers },
  {
    route: "/api/runs",
    method: "POST",
    setup: async (ctx) => ({ body: { uuid: randomUUID(), runDate: addDays(dateKeyOf(new Date()), 1), driverId: ctx.users.staff.id, vehicle: "Van 2", requestIds: [(await aRequest(ctx)).id] } }),
    expect: signedIn(201, { staff: 403, otherStaff: 403, mobile: 403 }),
  },
  { route: "/api/runs/today", method: "GET", expect: signedIn(200) },
  { route: "/api/runs/[id]", method: "GET", setup: async (ctx) => ({ path: `/api/runs/${(await aRun(ctx)).runId}` }), expect: driver(200) },
  {
    route: "/api/runs/[id]/requests",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/runs/${(await aRun(ctx)).runId}/requests`, body: { requestIds: [(await aRequest(ctx)).id] } }),
    expect: dispatchers,
  },
  {
    route: "/api/runs/[id]/requests/[requestId]",
    method: "DELETE",
    setup: async (ctx) => {
      const { runId, requestId } = await aRun(ctx);
      return { path: `/api/runs/${runId}/requests/${requestId}` };
    },
    expect: dispatchers,
  },
  {
    route: "/api/runs/[id]/requests/[requestId]/label",
    method: "GET",
    setup: async (ctx) => {
      const { runId, requestId } = await aRun(ctx);
      return { path: `/api/runs/${runId}/requests/${requestId}/label` };
    },
    expect: driver(200),
  },
  {
    route: "/api/runs/[id]/pickups",
    method: "POST",
    setup: async (ctx) => {
      const { runId, requestId } = await aRun(ctx);
      return { path: `/api/runs/${runId}/pickups`, body: { requestId, releasedBy: "Dr. Matrix", signature: PNG } };
    },
    expect: driver(201),
  },
  { route: "/api/runs/settings", method: "GET", expect: dispatchers },
  { route: "/api/runs/settings", method: "PUT", setup: async () => ({ body: { latitude: 45.52, longitude: -122.68, postcode: "97201" } }), expect: adminOnly(200) },
];
