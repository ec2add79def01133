/**
 * The checkpoints of a memorial case and their order per service type (docs/cases.md "Stations").
 * Pure: the scan screen and the server read the same order.
 */
import type { CaseServiceType, CaseStation } from "@/lib/generated/prisma/enums";

/** The checkpoints at our facility, in order: every case passes through them (its process's steps). */
export const CHECKPOINT_STATIONS = ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready", "returned"] as const satisfies readonly CaseStation[];
export type CheckpointStation = (typeof CHECKPOINT_STATIONS)[number];

/**
 * Picked up: the driver's scan at the clinic's cooler or the family's door (docs/clinics.md "Pickup
 * runs"). Optional, and only ever first: a pet brought to our door starts at intake. It is no step of
 * the case's process, so the templates keep one step per checkpoint.
 */
export const PICKUP_STATION = "picked_up" as const satisfies CaseStation;

/** Every station a scan may name: the pickup, then the checkpoints. */
export const CASE_STATIONS = [PICKUP_STATION, ...CHECKPOINT_STATIONS] as const satisfies readonly CaseStation[];
export type Station = (typeof CASE_STATIONS)[number];

export const SERVICE_TYPES = ["private", "partitioned", "communal"] as const satisfies readonly CaseServiceType[];
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const RETURN_METHODS = ["clinic_pickup", "delivery", "pickup_here"] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];

export const STATION_LABELS: Record<Station, string> = {
  picked_up: "Picked up",
  intake: "Intake",
  cooler_in: "Cooler in",
  cooler_out: "Cooler out",
  chamber_in: "Chamber in",
  chamber_out: "Chamber out",
  processing: "Processing",
  packaged: "Packaged",
  ready: "Ready for return",
  returned: "Returned",
};

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  private: "Private cremation",
  partitioned: "Partitioned cremation",
  communal: "Communal cremation",
};

export const RETURN_METHOD_LABELS: Record<ReturnMethod, string> = {
  clinic_pickup: "Clinic pickup",
  delivery: "Delivery",
  pickup_here: "Pickup here",
};

/** The return method as the family reads it (the place follows it, see familyReturnPlace). */
export const FAMILY_RETURN_METHOD_LABELS: Record<ReturnMethod, string> = {
  clinic_pickup: "Collect from your clinic",
  delivery: "Delivered to you",
  pickup_here: "Collect from us",
};

/** Where the family collects the pet: our name and address for pickup here, the clinic's name for clinic pickup, none for delivery. */
export function familyReturnPlace(method: ReturnMethod | null, facts: { business: string; address: string | null; clinic: string | null }): string | null {
  if (method === "pickup_here") return [facts.business, facts.address?.replace(/\s*\n\s*/g, ", ")].filter(Boolean).join(", ");
  if (method === "clinic_pickup") return facts.clinic;
  return null;
}

/** What the family reads for a station (no staff names, no jargon). */
export const FAMILY_STATION_LABELS: Record<Station, string> = {
  picked_up: "Collected by our driver",
  intake: "Received into our care",
  cooler_in: "Resting in our care",
  cooler_out: "Prepared for cremation",
  chamber_in: "Cremation begun",
  chamber_out: "Cremation complete",
  processing: "Ashes prepared",
  packaged: "Placed in the urn",
  ready: "Ready for return",
  returned: "Returned home",
};

/**
 * The stations of a service type, in order. A communal case has no return: its ashes stay with
 * us, so it ends when it comes out of the chamber. Private and partitioned cases go all the way.
 */
export const STATION_ORDER: Record<ServiceType, readonly Station[]> = {
  private: CHECKPOINT_STATIONS,
  partitioned: CHECKPOINT_STATIONS,
  communal: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"],
};

/** The process template a service type starts at case creation (seeded; one step per station, in order). */
export const SERVICE_TYPE_TEMPLATE: Record<ServiceType, string> = {
  private: "Private cremation",
  partitioned: "Partitioned cremation",
  communal: "Communal cremation",
};

export const isStation = (value: string): value is Station => (CASE_STATIONS as readonly string[]).includes(value);

/** The station after `current` for this service type (the first when nothing is recorded); null at the end. */
export function nextStation(serviceType: ServiceType, current: Station | null): Station | null {
  const order = STATION_ORDER[serviceType];
  // After the pickup, intake at our door continues the same chain.
  if (current === null || current === PICKUP_STATION) return order[0];
  const index = order.indexOf(current);
  if (index < 0 || index === order.length - 1) return null;
  return order[index + 1];
}

/** The last station of the service type: recording it closes the case. */
export const finalStation = (serviceType: ServiceType): Station => STATION_ORDER[serviceType][STATION_ORDER[serviceType].length - 1];

/** The 1-based position of a station in the service type's template (its process step), or null. */
export function stationStepPosition(serviceType: ServiceType, station: Station): number | null {
  const index = STATION_ORDER[serviceType].indexOf(station);
  return index < 0 ? null : index + 1;
}

export type ScanRefusalCode =
  | "CASE_CLOSED"
  | "STATION_NOT_IN_SERVICE"
  | "ALREADY_AT_STATION"
  | "OUT_OF_ORDER"
  | "CHAMBER_REQUIRED"
  | "CHAMBER_NOT_FOUND"
  | "CHAMBER_OCCUPIED"
  | "CHAMBER_HOLDS_PRIVATE"
  | "TAG_MISMATCH"
  | "RECEIVER_REQUIRED"
  | "AUTHORIZATION_MISSING"
  | "BELONGINGS_UNACCOUNTED"
  | "CHAMBER_OUT_OF_SERVICE"
  | "OPERATOR_NOT_CERTIFIED"
  | "REMAINS_WEIGHT_OUT_OF_RANGE"
  | "PICKUP_AFTER_INTAKE";

/** The one sentence a refused scan shows at arm's length, per reason. */
export function scanRefusalMessage(code: ScanRefusalCode, facts: { station?: Station; expected?: Station | null; serviceType?: ServiceType; chamber?: string; occupant?: string; missing?: number; total?: number; why?: string; expiredOn?: string } = {}): string {
  const station = facts.station ? STATION_LABELS[facts.station] : "This station";
  switch (code) {
    case "CASE_CLOSED":
      return "This case is closed; no more scans are taken.";
    case "STATION_NOT_IN_SERVICE":
      return facts.serviceType === "communal" && facts.station && ["processing", "packaged", "ready", "returned"].includes(facts.station)
        ? "A communal case has no return; its ashes stay with us."
        : `${station} is not a step of a ${SERVICE_TYPE_LABELS[facts.serviceType ?? "private"].toLowerCase()}.`;
    case "ALREADY_AT_STATION":
      return `This case is already recorded at ${station.toLowerCase()}.`;
    case "OUT_OF_ORDER":
      return facts.expected
        ? `Out of order: this case's next step is ${STATION_LABELS[facts.expected].toLowerCase()}, not ${station.toLowerCase()}.`
        : "Out of order: this case has no further step.";
    case "CHAMBER_REQUIRED":
      return "Choose the chamber for a chamber-in scan.";
    case "CHAMBER_NOT_FOUND":
      return "That chamber does not exist or is out of service.";
    case "CHAMBER_OCCUPIED":
      return `${facts.chamber ?? "That chamber"} is not empty${facts.occupant ? ` (${facts.occupant} is in it)` : ""}; a private cremation needs an empty chamber.`;
    case "CHAMBER_HOLDS_PRIVATE":
      return `${facts.chamber ?? "That chamber"} holds a private cremation${facts.occupant ? ` (${facts.occupant})` : ""}; no other pet may enter it.`;
    case "TAG_MISMATCH":
      return "The tag serial does not match this case; check the tag before returning the pet.";
    case "RECEIVER_REQUIRED":
      return "Enter the name of the person receiving the pet.";
    case "AUTHORIZATION_MISSING":
      return "No signed cremation authorization: the family must sign it before the pet enters a chamber.";
    case "CHAMBER_OUT_OF_SERVICE":
      return `${facts.chamber ?? "That chamber"} is out of service${facts.why ? ` (${facts.why})` : ""}; choose another chamber.`;
    case "OPERATOR_NOT_CERTIFIED":
      return facts.expiredOn
        ? `Your operator certification expired on ${facts.expiredOn}, so you may not load a chamber.`
        : "You hold no current operator certification, so you may not load a chamber.";
    case "REMAINS_WEIGHT_OUT_OF_RANGE":
      return "The remains' weight is outside the expected range for this pet; a supervisor must confirm it with a reason.";
    case "PICKUP_AFTER_INTAKE":
      return "This pet is already in our care; a pickup is recorded only before intake.";
    case "BELONGINGS_UNACCOUNTED":
      return `${facts.missing ?? 1} of ${facts.total ?? 1} belongings to return ${facts.missing === 1 || facts.missing === undefined ? "is" : "are"} not checked off; find ${facts.missing === 1 || facts.missing === undefined ? "it" : "them"} before going on.`;
  }
}
