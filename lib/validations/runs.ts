import { z } from "zod";
import { SERVICE_TYPES } from "@/lib/cases/stations";
import { isoDateTime } from "./common";
import { photoDataUrl, signatureDataUrl } from "./cases";
import { dayKeyField, requiredText, uuidField } from "./fields";
import { offlineBothOrNeither, offlineWriteFields } from "./offline";
import { text } from "./text";

/**
 * Pickup runs (docs/runs.md): the dispatcher's open requests and runs, the
 * driver's run of the day and the pickup at a stop. Checks that need the database (the driver is an
 * active member, a request is open and on no other run) live in lib/services/runs.
 */

export const RUN_MAX_REQUESTS = 200;
export const RELEASED_BY_REQUIRED = "Enter the name of the person handing over the pet";
export const PICKUP_SIGNATURE_REQUIRED = "The person handing over the pet must sign";

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const optional = (field: string, max: number) =>
  z.preprocess(blankToNull, text({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`).nullish());
const requestIdList = z
  .array(uuidField("requestIds"), { error: "requestIds must be a list of pickup request ids" })
  .max(RUN_MAX_REQUESTS, `requestIds may name at most ${RUN_MAX_REQUESTS} pickup requests`)
  .refine((ids) => new Set(ids.map((v) => v.toLowerCase())).size === ids.length, "requestIds names a request twice");
const requestIds = requestIdList.refine((ids) => ids.length > 0, "requestIds must name at least one pickup request");
const latitude = (field: string) => z.number({ error: `${field} must be a number` }).min(-90, `${field} must be between -90 and 90`).max(90, `${field} must be between -90 and 90`);
const longitude = (field: string) => z.number({ error: `${field} must be a number` }).min(-180, `${field} must be between -180 and 180`).max(180, `${field} must be between -180 and 180`);

// ---------------------------------------------------------------- requests

export const PICKUP_URGENCIES = ["routine", "urgent"] as const;

/** GET /api/runs/requests: the open pickup requests, most urgent first; `area` is a postcode's start ("972"). */
export const listDispatchRequestsQuerySchema = z.object({
  area: z.preprocess(blankToNull, text({ error: "area must be text" }).trim().max(20, "area must be at most 20 characters").nullish()),
  urgency: z.preprocess(blankToNull, z.enum(PICKUP_URGENCIES, { error: "urgency must be routine or urgent" }).nullish()),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(500, "limit must be at most 500").default(200),
  offset: z.coerce.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be at least 0").default(0),
});
export type ListDispatchRequestsQuery = z.output<typeof listDispatchRequestsQuerySchema>;

/** GET /api/runs?date=: the runs of a day (today in the business zone by default). */
export const listRunsQuerySchema = z.object({ date: z.preprocess(blankToNull, dayKeyField("date").nullish()) });
export type ListRunsQuery = z.output<typeof listRunsQuerySchema>;

/** POST /api/runs: a run for a driver and a vehicle on a date, with its first requests (ordered by the server). */
export const createRunSchema = z.object({
  uuid: uuidField("uuid"),
  runDate: dayKeyField("runDate"),
  driverId: uuidField("driverId"),
  vehicle: requiredText("vehicle", 60),
  note: optional("note", 500),
  /** None: an empty run, filled later. */
  requestIds: requestIdList.optional().default([]),
});
export type CreateRunInput = z.output<typeof createRunSchema>;

/** POST /api/runs/{id}/requests: more requests onto the run; the stops are ordered again. */
export const addRunRequestsSchema = z.object({ requestIds });
export type AddRunRequestsInput = z.output<typeof addRunRequestsSchema>;

/** PUT /api/runs/settings: where runs start (the facility), by hand-entered coordinates or postcode. */
export const runSettingsSchema = z
  .object({
    latitude: z.preprocess(blankToNull, latitude("latitude").nullish()),
    longitude: z.preprocess(blankToNull, longitude("longitude").nullish()),
    postcode: optional("postcode", 20),
  })
  .superRefine((value, ctx) => {
    if ((value.latitude == null) !== (value.longitude == null)) {
      ctx.addIssue({ code: "custom", path: [value.latitude == null ? "latitude" : "longitude"], message: "latitude and longitude go together: give both or neither" });
    }
  });
export type RunSettingsInput = z.output<typeof runSettingsSchema>;

/**
 * POST /api/runs/{id}/pickups: the driver collects one pet at its stop (the `picked_up` custody
 * event, the first link of its case's chain). `tag` is what the driver scanned off the pet's label
 * (the request's number or the label's QR) and must be this request's; without one (the clinic had
 * no label) the driver prints it on the spot. With clientUuid + deviceTime: made without a signal
 * and replayed through the offline ledger.
 */
export const recordPickupSchema = z
  .object({
    ...offlineWriteFields,
    requestId: uuidField("requestId"),
    tag: optional("tag", 2000),
    /** The metal tag's serial when one goes on at the pickup; by default the request's number (its label) is the tag. */
    tagSerial: optional("tagSerial", 60),
    /** Required when the request has none (the owner had not chosen). */
    serviceType: z.preprocess(blankToNull, z.enum(SERVICE_TYPES, { error: "serviceType must be private, partitioned or communal" }).nullish()),
    releasedBy: z.preprocess(blankToNull, text({ error: RELEASED_BY_REQUIRED }).trim().min(1, RELEASED_BY_REQUIRED).max(200, "releasedBy must be at most 200 characters")),
    signature: z.preprocess(blankToNull, signatureDataUrl.or(z.undefined()).or(z.null())).refine((v) => typeof v === "string", PICKUP_SIGNATURE_REQUIRED),
    photo: z.preprocess(blankToNull, photoDataUrl.nullish()),
    note: optional("note", 2000),
    place: z
      .object({ latitude: latitude("place.latitude"), longitude: longitude("place.longitude"), accuracyMeters: z.number({ error: "place.accuracyMeters must be a number" }).min(0).max(100_000).nullish() })
      .nullish(),
  })
  .superRefine(offlineBothOrNeither);
export type RecordPickupInput = z.output<typeof recordPickupSchema>;
export type RecordPickupBody = z.input<typeof recordPickupSchema>;

// ---------------------------------------------------------------- answers

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const place = z.object({ latitude: z.number().nullable(), longitude: z.number().nullable(), postcode: z.string().nullable() });

export const runSettingsAnswerSchema = place.extend({ updatedAt: isoDateTime.nullable() });
export type RunSettings = z.infer<typeof runSettingsAnswerSchema>;

/** An open request as the dispatcher sees it. */
export const dispatchRequestSchema = z.object({
  id: z.string(),
  number: z.string(),
  origin: z.enum(["clinic", "home"]),
  clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
  urgency: z.enum(PICKUP_URGENCIES),
  petName: z.string(),
  petSpecies: z.string(),
  petWeightLbs: z.number().nullable(),
  serviceType: z.enum(SERVICE_TYPES).nullable(),
  note: z.string().nullable(),
  address: z.string(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Its area: the postcode's first three characters ("972"), or null. */
  area: z.string().nullable(),
  createdAt: isoDateTime,
});
export type DispatchRequest = z.infer<typeof dispatchRequestSchema>;
export const dispatchRequestListSchema = z.object({ items: z.array(dispatchRequestSchema), total: z.number().int() });

/** A pet on a stop, and whether it is collected. */
export const runPetSchema = z.object({
  requestId: z.string(),
  number: z.string(),
  urgency: z.enum(PICKUP_URGENCIES),
  petName: z.string(),
  petSpecies: z.string(),
  petWeightLbs: z.number().nullable(),
  serviceType: z.enum(SERVICE_TYPES).nullable(),
  ownerName: z.string().nullable(),
  note: z.string().nullable(),
  /** Set once the driver recorded the pickup: its case and when. */
  pickedUp: z.object({ at: isoDateTime, caseNumber: z.string(), releasedBy: z.string().nullable() }).nullable(),
});
export type RunPet = z.infer<typeof runPetSchema>;

export const runStopSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(["clinic", "home"]),
  /** The clinic's name, or the owner's name for a home. */
  name: z.string(),
  address: z.string(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Opens the address in the phone's own maps app (geo: or a maps search URL); null without an address. */
  mapsUrl: z.string().nullable(),
  pets: z.array(runPetSchema),
  done: z.boolean(),
});
export type RunStop = z.infer<typeof runStopSchema>;

export const runSchema = z.object({
  id: z.string(),
  runDate: z.string().describe("yyyy-MM-dd"),
  driver: person,
  vehicle: z.string(),
  note: z.string().nullable(),
  facility: place,
  /** Kilometres over the stops with coordinates, from the facility (straight lines). */
  distanceKm: z.number(),
  petCount: z.number().int(),
  pickedUpCount: z.number().int(),
  stops: z.array(runStopSchema),
  updatedAt: isoDateTime,
});
export type Run = z.infer<typeof runSchema>;

export const runSummarySchema = runSchema.omit({ stops: true, facility: true, note: true }).extend({ stopCount: z.number().int() });
export type RunSummary = z.infer<typeof runSummarySchema>;
export const runListSchema = z.object({ date: z.string(), items: z.array(runSummarySchema), facility: runSettingsAnswerSchema });
export type RunList = z.infer<typeof runListSchema>;

/** GET /api/runs/today: the caller's runs as their driver, today in the business zone. */
export const todayRunsSchema = z.object({ date: z.string(), runs: z.array(runSchema) });
export type TodayRuns = z.infer<typeof todayRunsSchema>;

export const pickupResultSchema = z.object({
  created: z.boolean(),
  requestId: z.string(),
  caseNumber: z.string(),
  /** The picked_up event's place in its case's custody chain (1: the first link) and its hash. */
  eventSeq: z.number().int(),
  eventHash: z.string(),
  at: isoDateTime,
  offline: z.boolean(),
});
export type PickupResult = z.infer<typeof pickupResultSchema>;
