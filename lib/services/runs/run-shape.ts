import "server-only";
import { dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { routeKm, stopMapsUrl } from "@/lib/runs/stop-order";
import type { Run, RunPet, RunSettings, RunStop, RunSummary } from "@/lib/validations/runs";

type Db = Prisma.TransactionClient | typeof db;

const num = (value: Prisma.Decimal | null) => (value === null ? null : Number(value));

/** The facility's place (where runs start); nothing set: all null. */
export async function loadFacility(client: Db = db): Promise<RunSettings> {
  const row = await client.pickupRunSettings.findUnique({ where: { id: 1 } });
  return { latitude: num(row?.latitude ?? null), longitude: num(row?.longitude ?? null), postcode: row?.postcode ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

const person = { select: { id: true, firstName: true, lastName: true } } as const;

export const runSelect = {
  id: true,
  runDate: true,
  vehicle: true,
  note: true,
  updatedAt: true,
  driver: person,
  stops: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      position: true,
      clinicVendorId: true,
      address: true,
      postcode: true,
      latitude: true,
      longitude: true,
      clinic: { select: { name: true } },
      items: {
        orderBy: { addedAt: "asc" },
        select: {
          request: {
            select: {
              id: true,
              number: true,
              urgency: true,
              petName: true,
              petSpecies: true,
              petWeightLbs: true,
              serviceType: true,
              ownerName: true,
              note: true,
              pickedUpAt: true,
              caseId: true,
              case: { select: { number: true } },
            },
          },
        },
      },
    },
  },
} satisfies Prisma.PickupRunSelect;

type RunRow = Prisma.PickupRunGetPayload<{ select: typeof runSelect }>;

/** Who handed each collected pet over (from its picked_up event), by case id: one query for the whole run. */
async function releasedByOf(client: Db, rows: RunRow[]): Promise<Map<string, string | null>> {
  const caseIds = rows.flatMap((r) => r.stops.flatMap((s) => s.items.map((i) => i.request.caseId).filter((id): id is string => Boolean(id))));
  if (caseIds.length === 0) return new Map();
  const events = await client.caseEvent.findMany({ where: { caseId: { in: caseIds }, station: "picked_up", kind: "scan" }, select: { caseId: true, details: true } });
  return new Map(events.map((e) => [e.caseId, ((e.details ?? {}) as { releasedBy?: string }).releasedBy ?? null]));
}

function toStop(stop: RunRow["stops"][number], releasedBy: Map<string, string | null>): RunStop {
  const pets: RunPet[] = stop.items.map(({ request: r }) => ({
    requestId: r.id,
    number: r.number,
    urgency: r.urgency,
    petName: r.petName,
    petSpecies: r.petSpecies,
    petWeightLbs: num(r.petWeightLbs),
    serviceType: r.serviceType,
    ownerName: r.ownerName,
    note: r.note,
    pickedUp: r.pickedUpAt && r.case ? { at: r.pickedUpAt.toISOString(), caseNumber: r.case.number, releasedBy: releasedBy.get(r.caseId ?? "") ?? null } : null,
  }));
  const place = { latitude: num(stop.latitude), longitude: num(stop.longitude), postcode: stop.postcode };
  return {
    id: stop.id,
    position: stop.position,
    kind: stop.clinicVendorId ? "clinic" : "home",
    name: stop.clinic?.name ?? (stop.items[0]?.request.ownerName ? `Home of ${stop.items[0].request.ownerName}` : "Home"),
    address: stop.address,
    ...place,
    mapsUrl: stopMapsUrl({ ...place, address: stop.address }),
    pets,
    done: pets.length > 0 && pets.every((p) => p.pickedUp !== null),
  };
}

function toRun(row: RunRow, facility: RunSettings, releasedBy: Map<string, string | null>): Run {
  const stops = row.stops.map((s) => toStop(s, releasedBy));
  const pets = stops.flatMap((s) => s.pets);
  return {
    id: row.id,
    runDate: dateKeyOfDateColumn(row.runDate),
    driver: row.driver,
    vehicle: row.vehicle,
    note: row.note,
    facility: { latitude: facility.latitude, longitude: facility.longitude, postcode: facility.postcode },
    distanceKm: routeKm(facility, stops),
    petCount: pets.length,
    pickedUpCount: pets.filter((p) => p.pickedUp).length,
    stops,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Runs as answered, in one read each for the runs, the facility and the releasers (no query per stop). */
export async function loadRuns(where: Prisma.PickupRunWhereInput, client: Db = db): Promise<Run[]> {
  const [rows, facility] = await Promise.all([
    client.pickupRun.findMany({ where, select: runSelect, orderBy: [{ runDate: "asc" }, { vehicle: "asc" }, { id: "asc" }] }),
    loadFacility(client),
  ]);
  const releasedBy = await releasedByOf(client, rows);
  return rows.map((row) => toRun(row, facility, releasedBy));
}

export function toRunSummary(run: Run): RunSummary {
  const { stops, facility: _facility, note: _note, ...rest } = run;
  void _facility;
  void _note;
  return { ...rest, stopCount: stops.length };
}
