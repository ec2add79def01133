/**
 * Pickup runs as API operations (lib/http/operation.ts): the dispatcher's open requests and runs,
 * the driver's run of the day and the pickup at a stop, the facility's place. Read by the handlers
 * in app/api/runs, the OpenAPI document and the tests. docs/runs.md.
 */
import { defineOperation } from "@/lib/http/operation";
import { labelQuerySchema } from "@/lib/validations/cases";
import {
  addRunRequestsSchema,
  createRunSchema,
  dispatchRequestListSchema,
  listDispatchRequestsQuerySchema,
  listRunsQuerySchema,
  pickupResultSchema,
  recordPickupSchema,
  runListSchema,
  runSchema,
  runSettingsAnswerSchema,
  runSettingsSchema,
  todayRunsSchema,
} from "@/lib/validations/runs";

export const listDispatchRequests = defineOperation({
  method: "GET",
  path: "/api/runs/requests",
  summary: "Open pickup requests to dispatch",
  description: "Requests from clinics and families' homes on no run yet, urgent first, then oldest first; `area` keeps the postcodes starting with it, `urgency` one level.",
  access: { permission: "runs.dispatch" },
  query: listDispatchRequestsQuerySchema,
  response: dispatchRequestListSchema,
});

export const listRuns = defineOperation({
  method: "GET",
  path: "/api/runs",
  summary: "The runs of a day",
  description: "The runs of `date` (today in the business zone by default) with their counts, and the facility's place the stops are ordered from.",
  access: { permission: "runs.dispatch" },
  query: listRunsQuerySchema,
  response: runListSchema,
});

export const createRun = defineOperation({
  method: "POST",
  path: "/api/runs",
  summary: "Build a run",
  description:
    "A run for a driver (an active member) and a vehicle on a date, with its first requests: one stop per place (a clinic, or a home's address), ordered by nearest neighbour from the facility (coordinates by haversine, else postcodes). 200 with the run when the same `uuid` was sent before. A request already on a run is a 409: the database decides between two dispatchers.",
  access: { permission: "runs.dispatch" },
  body: createRunSchema,
  response: runSchema,
  status: 201,
  errors: { 409: "A request is already on a run, picked up or cancelled; or the uuid is another member's run" },
});

export const getTodayRuns = defineOperation({
  method: "GET",
  path: "/api/runs/today",
  summary: "My runs today",
  description: "The runs the caller drives today (the business zone's day), stops in driving order with their pets and map links. The driver's phone keeps the answer for reading without a signal.",
  access: { permission: "runs.drive" },
  response: todayRunsSchema,
});

export const getRun = defineOperation({
  method: "GET",
  path: "/api/runs/[id]",
  summary: "A run",
  description: "The run's stops in driving order, each with its pets and whether they are picked up. A dispatcher reads any run, a driver their own (another's is a 404).",
  access: { permission: "runs.drive" },
  response: runSchema,
});

export const addRunRequests = defineOperation({
  method: "POST",
  path: "/api/runs/[id]/requests",
  summary: "Add requests to a run",
  description: "Puts open requests on the run's stops (a new stop for a new place) and orders the stops again. A request already on a run is a 409: the database decides between two dispatchers.",
  access: { permission: "runs.dispatch" },
  body: addRunRequestsSchema,
  response: runSchema,
  errors: { 409: "A request is already on a run, picked up or cancelled" },
});

export const removeRunRequest = defineOperation({
  method: "DELETE",
  path: "/api/runs/[id]/requests/[requestId]",
  summary: "Take a request off a run",
  description: "The request is open again; a stop left without pets goes and the stops are ordered again. A pet already picked up stays (409).",
  access: { permission: "runs.dispatch" },
  response: runSchema,
  errors: { 409: "The pet was already picked up" },
});

export const printRunLabel = defineOperation({
  method: "GET",
  path: "/api/runs/[id]/requests/[requestId]/label",
  summary: "Print a pet's tag label at its stop (PDF)",
  description:
    "For a clinic that had no label: a 4 × 6 in label (`format=label`) or a Letter sheet (`format=sheet`) with the signed QR of the request's number, the same as the clinic's portal prints; once picked up, the case's own label (a custody event). The run's driver or a dispatcher; another's run is a 404.",
  access: { permission: "runs.drive" },
  query: labelQuerySchema,
  produces: "application/pdf",
});

export const recordPickup = defineOperation({
  method: "POST",
  path: "/api/runs/[id]/pickups",
  summary: "Pick up a pet at its stop",
  description:
    "The driver collects one pet (`requestId`) on the run: the request becomes a memorial case whose first custody event is the `picked_up` scan, with the photo, the name and drawn signature of who handed the pet over, the time, the phone's place and the stop's address; intake at the facility continues the same chain. `tag` (the label's number or QR, if scanned) must be this pet's (409 TAG_MISMATCH). 200 `created: false` for a pet already picked up. With clientUuid + deviceTime, a pickup made without a signal, replayed through the offline ledger: a retry of the uuid answers the first answer.",
  access: { permission: "runs.drive" },
  body: recordPickupSchema,
  response: pickupResultSchema,
  status: 201,
  errors: { 409: "The tag is another pet's, the request was cancelled, or the tag serial is on an open case" },
});

export const getRunSettings = defineOperation({
  method: "GET",
  path: "/api/runs/settings",
  summary: "Where runs start",
  access: { permission: "runs.dispatch" },
  response: runSettingsAnswerSchema,
});

export const updateRunSettings = defineOperation({
  method: "PUT",
  path: "/api/runs/settings",
  summary: "Set where runs start",
  description: "The facility's place, entered by hand (no map service): latitude and longitude (both or neither) and/or a postcode. Stops are ordered from it.",
  access: { permission: "runs.settings" },
  body: runSettingsSchema,
  response: runSettingsAnswerSchema,
});
