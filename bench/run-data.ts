/**
 * The pickup run reference load (docs/runs.md "Speed"): one run of today for a
 * driver with 50 stops (30 clinics and 20 homes, hand-geocoded around the facility) and 200 pets
 * (4 a stop), half of them picked up (a case each with its picked_up event, hashed as the app
 * hashes it). Written once per driver and day (the run's uuid is derived from both): a later call
 * finds it and writes nothing. Used by the `run-today` entry of `npm run bench` and by
 * bench/runs.ts.
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import { chainInput, GENESIS_HASH } from "../lib/cases/custody-chain";
import { dateKeyOf } from "../lib/dates";

export const REFERENCE_STOPS = 50;
export const REFERENCE_PETS_PER_STOP = 4;
const CLINIC_STOPS = 30;

/** A uuid derived from text (v4-shaped), so the reference rows are found again. */
function derivedUuid(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Writes the reference run of today for `driverId` unless it exists; returns its id. */
export async function ensureReferenceRun(db: pg.Pool, driverId: string, createdById: string): Promise<string> {
  const day = dateKeyOf(new Date());
  const runUuid = derivedUuid(`bench-run ${driverId} ${day}`);
  const found = await db.query<{ id: string }>(`SELECT id FROM pickup_runs WHERE uuid = $1`, [runUuid]);
  if (found.rows[0]) return found.rows[0].id;
  const client = await db.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO pickup_run_settings (id, latitude, longitude, postcode, updated_at) VALUES (1, 45.52, -122.68, '97201', now())
       ON CONFLICT (id) DO NOTHING`,
    );
    const run = await client.query<{ id: string }>(
      `INSERT INTO pickup_runs (run_date, driver_id, vehicle, uuid, created_by_id, updated_at) VALUES ($1::date, $2, 'Bench van', $3, $4, now()) RETURNING id`,
      [day, driverId, runUuid, createdById],
    );
    const runId = run.rows[0]!.id;
    const tag = runUuid.slice(0, 8);
    const year = Number(day.slice(0, 4));
    const counter = await client.query<{ value: number }>(
      `INSERT INTO counters (name, value) VALUES ($1, 1000000) ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
      [`bench_pickup:${year}`],
    );
    let n = Number(counter.rows[0]!.value) * 1000;
    for (let s = 0; s < REFERENCE_STOPS; s += 1) {
      const lat = 45.52 + Math.sin(s * 1.7) * 0.12;
      const lng = -122.68 + Math.cos(s * 2.3) * 0.15;
      const postcode = `972${String(s % 40).padStart(2, "0")}`;
      const address = `${100 + s} Bench ${s < CLINIC_STOPS ? "Clinic Way" : "Home Street"}`;
      let clinicId: string | null = null;
      if (s < CLINIC_STOPS) {
        const vendor = await client.query<{ id: string }>(
          `INSERT INTO vendors (name, kind, address, postcode, latitude, longitude, updated_at) VALUES ($1, 'clinic', $2, $3, $4, $5, now()) RETURNING id`,
          [`Bench Vet ${tag}-${s}`, address, postcode, lat, lng],
        );
        clinicId = vendor.rows[0]!.id;
      }
      const stop = await client.query<{ id: string }>(
        `INSERT INTO pickup_run_stops (run_id, position, place_key, clinic_vendor_id, address, postcode, latitude, longitude) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [runId, s + 1, clinicId ? `clinic:${clinicId}` : `home:${address.toLowerCase()}`, clinicId, address, postcode, lat, lng],
      );
      for (let p = 0; p < REFERENCE_PETS_PER_STOP; p += 1) {
        n += 1;
        const number = `P-${year}-B${n}`;
        const pickedUp = (s * REFERENCE_PETS_PER_STOP + p) % 2 === 0;
        const at = new Date(Date.now() - 60_000 * (REFERENCE_STOPS - s));
        let caseId: string | null = null;
        if (pickedUp) {
          const kase = await client.query<{ id: string }>(
            `INSERT INTO cases (number, year, seq, uuid, service_type, current_station, current_station_at, pet_name, pet_species, family_name, clinic_vendor_id, tag_serial, received_at, created_by_id, updated_at)
             VALUES ($1, $2, $3, gen_random_uuid(), 'private', 'picked_up', $4, $5, 'Dog', 'Bench Family', $6, $7, $4, $8, now()) RETURNING id`,
            [`C-${year}-B${n}`, year, 900_000_000 + (n % 100_000_000), at, `Bench pet ${n}`, clinicId, number, driverId],
          );
          caseId = kase.rows[0]!.id;
          const details = { releasedBy: "Bench releaser", signatureKey: null, place: null, address, runId, stopId: stop.rows[0]!.id, requestNumber: number, tagScanned: true };
          const fields = { caseId, seq: 1, kind: "scan", station: "picked_up", chamberId: null, memberId: driverId, deviceTime: at, serverTime: at, note: null, photoKey: null, offline: false, clientUuid: null, details };
          const hash = createHash("sha256").update(chainInput(fields, GENESIS_HASH)).digest("hex");
          await client.query(
            `INSERT INTO case_events (case_id, seq, kind, station, member_id, device_time, server_time, details, prev_hash, hash) VALUES ($1, 1, 'scan', 'picked_up', $2, $3, $3, $4, $5, $6)`,
            [caseId, driverId, at, JSON.stringify(details), GENESIS_HASH, hash],
          );
        }
        const request = await client.query<{ id: string }>(
          `INSERT INTO pickup_requests (number, year, seq, uuid, origin, clinic_vendor_id, status, urgency, pet_name, pet_species, pet_weight_lbs, owner_name, service_type, note, address, postcode, latitude, longitude, case_id, created_by_id, updated_at, picked_up_at)
           VALUES ($1, $2, $3, gen_random_uuid(), $4, $5, $6, $7, $8, 'Dog', 35, 'Bench Family', 'private', 'In the cooler', $9, $10, $11, $12, $13, $14, now(), $15) RETURNING id`,
          [number, year, n % 2_000_000_000, clinicId ? "clinic" : "home", clinicId, pickedUp ? "picked_up" : "assigned", p === 0 ? "urgent" : "routine", `Bench pet ${n}`, address, postcode, lat, lng, caseId, createdById, pickedUp ? at : null],
        );
        await client.query(`INSERT INTO pickup_run_items (run_id, stop_id, pickup_request_id, added_by_id, added_at) VALUES ($1, $2, $3, $4, now())`, [runId, stop.rows[0]!.id, request.rows[0]!.id, createdById]);
      }
    }
    await client.query("COMMIT");
    return runId;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The baseline's hand-written answer for GET /api/runs/today: the driver's runs of today with
 * their stops, pets and pickups, as one JSON document built by Postgres.
 */
export async function todayRunsSql(db: pg.Pool, driverId: string): Promise<string> {
  const res = await db.query<{ json: string }>(
    `SELECT json_build_object('date', $2::text, 'runs', coalesce((
       SELECT json_agg(json_build_object(
         'id', r.id, 'runDate', r.run_date, 'vehicle', r.vehicle, 'note', r.note, 'updatedAt', r.updated_at,
         'driver', (SELECT json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) FROM users u WHERE u.id = r.driver_id),
         'stops', (SELECT coalesce(json_agg(json_build_object(
             'id', s.id, 'position', s.position, 'address', s.address, 'postcode', s.postcode, 'latitude', s.latitude, 'longitude', s.longitude,
             'name', coalesce(v.name, 'Home'),
             'pets', (SELECT coalesce(json_agg(json_build_object(
                 'requestId', q.id, 'number', q.number, 'urgency', q.urgency, 'petName', q.pet_name, 'petSpecies', q.pet_species,
                 'petWeightLbs', q.pet_weight_lbs, 'serviceType', q.service_type, 'ownerName', q.owner_name, 'note', q.note,
                 'pickedUp', CASE WHEN q.picked_up_at IS NULL THEN NULL ELSE json_build_object('at', q.picked_up_at, 'caseNumber', c.number, 'releasedBy', e.details->>'releasedBy') END
               ) ORDER BY i.added_at), '[]')
               FROM pickup_run_items i JOIN pickup_requests q ON q.id = i.pickup_request_id
               LEFT JOIN cases c ON c.id = q.case_id
               LEFT JOIN case_events e ON e.case_id = q.case_id AND e.station = 'picked_up' AND e.kind = 'scan'
               WHERE i.stop_id = s.id)
           ) ORDER BY s.position), '[]')
           FROM pickup_run_stops s LEFT JOIN vendors v ON v.id = s.clinic_vendor_id WHERE s.run_id = r.id)
       ) ORDER BY r.vehicle, r.id)
       FROM pickup_runs r WHERE r.driver_id = $1 AND r.run_date = $2::date), '[]'))::text AS json`,
    [driverId, dateKeyOf(new Date())],
  );
  return res.rows[0]!.json;
}
