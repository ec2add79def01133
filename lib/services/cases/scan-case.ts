import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import {
  CASE_STATIONS,
  finalStation,
  nextStation,
  PICKUP_STATION,
  scanRefusalMessage,
  STATION_ORDER,
  stationStepPosition,
  type ScanRefusalCode,
  type Station,
} from "@/lib/cases/stations";
import { db } from "@/lib/db";
import { isInvariantViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, badRequest, conflict, forbidden } from "@/lib/http/app-error";
import { recordedTime } from "@/lib/offline/device-time";
import { storedReplay, withReplay, type ReplayOutcome } from "@/lib/services/offline/with-replay";
import { recordWebhookEvent, requestWebhookDelivery } from "@/lib/services/webhooks/record-event";
import { getStorage } from "@/lib/storage";
import type { ScanCaseInput, ScanResult } from "@/lib/validations/cases";
import { PICKUP_SIGNATURE_REQUIRED, RELEASED_BY_REQUIRED } from "@/lib/validations/runs";
import { resolveCaseRef } from "./case-access";
import { storeDataUrlImage } from "./case-files";
import { caseEventSelect, loadCaseSummary, toCaseEvent } from "./case-shape";
import { appendCustodyEvent, lockCase } from "./custody-log";
import { authorizationRefusal, authorizationViolation } from "./authorization-rule";
import { belongingsRefusal, checkOffBelongings } from "./belongings-rule";
import { outOfServiceRefusal, outOfServiceViolation } from "./chamber-maintenance";
import { operatorRefusal, operatorViolation } from "./operators";
import { liveFamilyLinkId, queueFamilyEmail } from "./family-emails";
import { weighRemains } from "./remains-weight";
import { REMAINS_WEIGHT_ONLY_AT_PROCESSING, remainsWeightDetails } from "@/lib/cases/remains-weight";

type Tx = Prisma.TransactionClient;

export const OFFLINE_SCAN_KIND = "case-scan" as const;
export const OVERRIDE_DENIED = "Only an administrator may override a refused scan.";
export const WEIGHT_CONFIRM_DENIED = "Only a manager or an administrator may confirm the remains' weight.";
export const SCAN_UUID_REUSED = "This scan's id was already used for another write.";
const TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

export interface ScanAnswer {
  status: number;
  body: object;
}

interface Refusal {
  reason: ScanRefusalCode;
  message: string;
  /** An administrator may record the scan anyway (with a reason); never for what the database enforces. */
  overridable: boolean;
}

const refusalError = (refusal: Refusal) => conflict(refusal.message, { reason: refusal.reason, overridable: refusal.overridable });
const index = (station: Station) => CASE_STATIONS.indexOf(station);

type CaseRow = {
  id: string;
  number: string;
  status: "open" | "closed";
  serviceType: "private" | "partitioned" | "communal";
  currentStation: Station | null;
  tagSerial: string;
  petName: string;
  familyEmail: string | null;
  familyEmailConsent: boolean;
  processRunId: string | null;
  petSpecies: string;
  petWeightLbs: Prisma.Decimal | null;
};

/** The refusals of the order and the service type (the chamber's are checked with the chamber). */
function orderRefusal(row: CaseRow, station: Station): Refusal | null {
  const refuse = (reason: ScanRefusalCode, overridable: boolean, facts: Parameters<typeof scanRefusalMessage>[1] = {}): Refusal => ({
    reason,
    overridable,
    message: scanRefusalMessage(reason, { station, serviceType: row.serviceType, ...facts }),
  });
  if (row.status === "closed") return refuse("CASE_CLOSED", false);
  if (station === PICKUP_STATION) {
    // The pickup is the first link of the chain or nothing: never after intake, never overridden.
    if (row.currentStation === PICKUP_STATION) return refuse("ALREADY_AT_STATION", false);
    if (row.currentStation !== null) return refuse("PICKUP_AFTER_INTAKE", false);
    return null;
  }
  if (!STATION_ORDER[row.serviceType].includes(station)) return refuse("STATION_NOT_IN_SERVICE", false);
  if (row.currentStation === station) return refuse("ALREADY_AT_STATION", false);
  const expected = nextStation(row.serviceType, row.currentStation);
  if (station !== expected) {
    // Skipping ahead may be overridden; going back never (the chamber and the tasks move forward only).
    const backwards = row.currentStation !== null && index(station) < index(row.currentStation);
    return refuse("OUT_OF_ORDER", !backwards, { expected });
  }
  return null;
}

async function chamberRefusal(tx: Tx, row: CaseRow, chamberId: string): Promise<Refusal | null> {
  const chamber = await tx.cremationChamber.findUnique({ where: { id: chamberId }, select: { name: true, isActive: true } });
  if (!chamber || !chamber.isActive) throw badRequest(scanRefusalMessage("CHAMBER_NOT_FOUND"), { field: "chamberId", reason: "CHAMBER_NOT_FOUND" });
  const occupants = await tx.chamberOccupancy.findMany({
    where: { chamberId, exitedAt: null, caseId: { not: row.id } },
    select: { serviceType: true, case: { select: { number: true } } },
    orderBy: { enteredAt: "asc" },
  });
  if (occupants.length === 0) return null;
  if (row.serviceType === "private") {
    return { reason: "CHAMBER_OCCUPIED", overridable: false, message: scanRefusalMessage("CHAMBER_OCCUPIED", { chamber: chamber.name, occupant: occupants[0].case.number }) };
  }
  const privateOne = occupants.find((o) => o.serviceType === "private");
  if (privateOne) {
    return { reason: "CHAMBER_HOLDS_PRIVATE", overridable: false, message: scanRefusalMessage("CHAMBER_HOLDS_PRIVATE", { chamber: chamber.name, occupant: privateOne.case.number }) };
  }
  return null;
}

/** An online scan already recorded under this uuid: the first answer's event again (200, created: false). */
async function recordedAnswer(clientUuid: string, userId: string): Promise<ScanAnswer | null> {
  const event = await db.caseEvent.findUnique({ where: { clientUuid }, select: { ...caseEventSelect, caseId: true, memberId: true } });
  if (!event) return null;
  if (event.memberId !== userId) throw conflict(SCAN_UUID_REUSED);
  const overrideRow = event.details && (event.details as { overrideSeq?: number }).overrideSeq
    ? await db.caseEvent.findUnique({ where: { caseId_seq: { caseId: event.caseId, seq: (event.details as { overrideSeq: number }).overrideSeq } }, select: caseEventSelect })
    : null;
  const body: ScanResult = { created: false, event: toCaseEvent(event), overrideEvent: overrideRow ? toCaseEvent(overrideRow) : null, case: await loadCaseSummary(event.caseId) };
  return { status: 200, body };
}

/**
 * POST /api/cases/{ref}/scans (docs/cases.md "Checks"). In one transaction, under the case's row
 * lock (so the custody chain never forks): the order and service-type checks, the chamber's
 * occupancy (the exclusion constraint chamber_occupancies_private_alone has the last word), an
 * administrator's override recorded as its own event, the scan event, the case's station, the
 * station's task completed, and the family's "ready" e-mail.
 *
 * Idempotent on `clientUuid`. An offline replay (`offline: true`) goes through the replay ledger
 * (withReplay): the first answer, a refusal included, is stored and returned to every retry.
 */
export async function scanCase(caller: Caller, ref: string, input: ScanCaseInput): Promise<ScanAnswer> {
  const target = await resolveCaseRef(caller, ref);
  const replay = { kind: OFFLINE_SCAN_KIND, clientUuid: input.clientUuid, userId: caller.userId };
  const seen = input.offline ? await storedReplay(replay) : await recordedAnswer(input.clientUuid, caller.userId);
  if (seen) return seen;
  // A supervisor (manager or administrator) confirms a remains' weight outside its range; every other override is an administrator's.
  if (input.override && !can(caller, "cases.override")) {
    if (input.station !== "processing") throw forbidden(OVERRIDE_DENIED);
    if (!can(caller, "cases.remains.confirm")) throw forbidden(WEIGHT_CONFIRM_DENIED);
  }
  if (input.remainsWeightLbs != null && input.station !== "processing") throw badRequest(REMAINS_WEIGHT_ONLY_AT_PROCESSING, { field: "remainsWeightLbs" });
  if (input.station === "chamber_in" && !input.chamberId) throw badRequest(scanRefusalMessage("CHAMBER_REQUIRED"), { field: "chamberId", reason: "CHAMBER_REQUIRED" });
  if (input.station === "returned") {
    if (!input.receiverName) throw badRequest(scanRefusalMessage("RECEIVER_REQUIRED"), { field: "receiverName", reason: "RECEIVER_REQUIRED" });
    if (!input.tagSerial) throw badRequest("Enter the tag serial read off the tag", { field: "tagSerial" });
  }
  if (input.station === PICKUP_STATION) {
    if (!input.releasedBy) throw badRequest(RELEASED_BY_REQUIRED, { field: "releasedBy" });
    if (!input.signature) throw badRequest(PICKUP_SIGNATURE_REQUIRED, { field: "signature" });
  } else if (input.releasedBy || input.place) {
    throw badRequest("releasedBy and place are recorded only at a pickup", { field: input.releasedBy ? "releasedBy" : "place" });
  }

  const receivedAt = new Date();
  // A scan made online happens when it arrives, whatever the phone's clock says; only a scan queued
  // offline keeps the phone's time, within the device-time rule shared with punches.
  const deviceTime = recordedTime(input, receivedAt, "scan");

  const photoKey = input.photo ? await storeDataUrlImage(input.photo, "cases/photos", "photo") : null;
  const signatureKey = input.signature ? await storeDataUrlImage(input.signature, "cases/signatures", "signature", "image/png") : null;

  // The photo and the signature are stored before the transaction; a scan that records nothing (a
  // refusal, a replay, an error) must not leave them behind.
  const discardFiles = () => discardStored([photoKey, signatureKey]);
  try {
    const record = async (tx: Tx): Promise<ReplayOutcome> => {
      await lockCase(tx, target.id);
      const row = (await tx.memorialCase.findUniqueOrThrow({
        where: { id: target.id },
        select: { id: true, number: true, status: true, serviceType: true, currentStation: true, tagSerial: true, petName: true, familyEmail: true, familyEmailConsent: true, processRunId: true, petSpecies: true, petWeightLbs: true },
      })) as CaseRow;

      let refusal = orderRefusal(row, input.station);
      if (!refusal && input.station === "chamber_in") refusal = await chamberRefusal(tx, row, input.chamberId!);
      if (!refusal && input.station === "chamber_in") refusal = await outOfServiceRefusal(tx, input.chamberId!);
      if (!refusal && input.station === "chamber_in") refusal = await authorizationRefusal(tx, row.id);
      if (!refusal && input.station === "chamber_in") refusal = await operatorRefusal(tx, caller.userId, deviceTime);
      const tagVerified = input.station === "returned" ? input.tagSerial === row.tagSerial : null;
      if (!refusal && tagVerified === false) refusal = { reason: "TAG_MISMATCH", overridable: true, message: scanRefusalMessage("TAG_MISMATCH") };
      if (!refusal) refusal = await belongingsRefusal(tx, row.id, input.station, input.belongingsChecked);
      // Processing: the remains are weighed and checked against the species' range (a supervisor confirms one outside it).
      const weighing = !refusal || (refusal.overridable && input.override) ? await weighRemains(tx, row, input.station, input.remainsWeightLbs) : null;
      if (!refusal && weighing?.refusal) refusal = weighing.refusal;
      // An override of an order refusal still meets the chamber's checks.
      if (refusal?.reason === "OUT_OF_ORDER" && input.override && input.station === "chamber_in") {
        refusal = (await chamberRefusal(tx, row, input.chamberId!)) ?? refusal;
      }

      if (refusal && (!input.override || !refusal.overridable)) {
        if (!input.offline) throw refusalError(refusal);
        return { status: 409, body: { message: refusal.message, code: "CONFLICT", reason: refusal.reason, overridable: refusal.overridable }, outcome: "refused" };
      }
      if (refusal && refusal.reason !== "REMAINS_WEIGHT_OUT_OF_RANGE" && !can(caller, "cases.override")) throw forbidden(OVERRIDE_DENIED);

      const common = { caseId: row.id, memberId: caller.userId, deviceTime, serverTime: receivedAt, offline: input.offline };
      let overrideSeq: number | null = null;
      if (refusal && input.override) {
        const overridden = await appendCustodyEvent(tx, {
          ...common,
          kind: "override",
          station: input.station,
          chamberId: input.chamberId ?? null,
          details: { refused: refusal.reason, refusedMessage: refusal.message, reason: input.override.reason, ...(refusal.reason === "REMAINS_WEIGHT_OUT_OF_RANGE" && weighing ? { remainsWeight: remainsWeightDetails(weighing.check) } : {}) },
        });
        overrideSeq = overridden.seq;
      }

      // The chamber: entering takes a place (the database refuses a second pet beside a private one);
      // any later step frees it.
      let chamberId: string | null = null;
      if (input.station === "chamber_in") {
        chamberId = input.chamberId!;
        await tx.chamberOccupancy.create({
          data: { chamberId, caseId: row.id, serviceType: row.serviceType, shareKey: row.serviceType === "private" ? row.id : "shared", enteredAt: deviceTime, enteredById: caller.userId },
        });
      } else if (index(input.station) > index("chamber_in")) {
        const open = await tx.chamberOccupancy.findFirst({ where: { caseId: row.id, exitedAt: null }, select: { id: true, chamberId: true } });
        if (open) {
          await tx.chamberOccupancy.update({ where: { id: open.id }, data: { exitedAt: deviceTime } });
          if (input.station === "chamber_out") chamberId = open.chamberId;
        }
      }

      const details: Record<string, unknown> = {};
      if (overrideSeq !== null) details.overrideSeq = overrideSeq;
      if (input.station === "returned") Object.assign(details, { receiverName: input.receiverName, signatureKey, tagVerified });
      if (input.station === PICKUP_STATION) Object.assign(details, pickupDetails(input, signatureKey));
      if (weighing) details.remainsWeight = remainsWeightDetails(weighing.check);
      await checkOffBelongings(tx, row.id, input.station, input.belongingsChecked, caller.userId, deviceTime);
      const event = await appendCustodyEvent(tx, { ...common, kind: "scan", station: input.station, chamberId, note: input.note ?? null, photoKey, clientUuid: input.clientUuid, details });

      const closes = input.station === finalStation(row.serviceType);
      await tx.memorialCase.update({
        where: { id: row.id },
        data: {
          currentStation: input.station,
          currentStationAt: deviceTime,
          chamberId: input.station === "chamber_in" ? chamberId : null,
          ...(input.station === "returned" ? { returnedAt: deviceTime } : {}),
          ...(weighing ? { remainsWeightLbs: weighing.check.remainsLbs } : {}),
          ...(closes ? { status: "closed", closedAt: receivedAt } : {}),
        },
      });

      // The station's step of the case's process is done (a template with one step per station, in order).
      const position = stationStepPosition(row.serviceType, input.station);
      const stepCount = row.processRunId ? await tx.task.count({ where: { processRunId: row.processRunId, processStepPosition: { not: null } } }) : 0;
      if (row.processRunId && position && stepCount === STATION_ORDER[row.serviceType].length) {
        await tx.task.updateMany({
          where: { processRunId: row.processRunId, processStepPosition: position, status: { notIn: ["completed", "cancelled"] }, deletedAt: null },
          data: { status: "completed", completedAt: deviceTime, completedById: caller.userId },
        });
      }
      if (input.station === "ready") {
        await queueFamilyEmail(tx, {
          caseId: row.id,
          reason: "ready",
          petName: row.petName,
          caseNumber: row.number,
          familyEmail: row.familyEmail,
          consent: row.familyEmailConsent,
          linkId: await liveFamilyLinkId(tx, row.id),
        });
      }

      const [eventRow, overrideRow] = await Promise.all([
        tx.caseEvent.findUniqueOrThrow({ where: { id: event.id }, select: caseEventSelect }),
        overrideSeq !== null ? tx.caseEvent.findUniqueOrThrow({ where: { caseId_seq: { caseId: row.id, seq: overrideSeq } }, select: caseEventSelect }) : null,
      ]);
      const body: ScanResult = { created: true, event: toCaseEvent(eventRow), overrideEvent: overrideRow ? toCaseEvent(overrideRow) : null, case: await loadCaseSummary(row.id, tx) };
      // The outbox (docs/api.md "Webhooks"): with the scan, or not at all.
      const scanned = async () => ({ case: body.case, event: body.event, overrideEvent: body.overrideEvent });
      await recordWebhookEvent(tx, "case.scanned", scanned);
      if (input.station === "returned") await recordWebhookEvent(tx, "case.returned", scanned);
      return { status: 201, body, outcome: "recorded" };
    };
    const answer = input.offline
      ? await withReplay({ ...replay, deviceTime }, record, { what: "scan", transaction: TX_OPTIONS })
      : { ...(await db.$transaction(record, TX_OPTIONS)), fresh: true };
    if (answer.fresh && answer.status === 201) {
      requestWebhookDelivery();
      return answer;
    }
    await discardFiles();
    return answer;
  } catch (error) {
    await discardFiles();
    if (error instanceof AppError) throw error;
    const unauthorized = authorizationViolation(error);
    if (unauthorized) throw unauthorized;
    const loadRefused = operatorViolation(error) ?? (await outOfServiceViolation(error, input.chamberId));
    if (loadRefused) throw loadRefused;
    if (isInvariantViolation(error, "chamber_occupancies_private_alone", "23P01")) {
      // Another scan took the chamber between our check and our insert: the database decided.
      const chamber = input.chamberId ? await db.cremationChamber.findUnique({ where: { id: input.chamberId }, select: { name: true } }) : null;
      const reason: ScanRefusalCode = "CHAMBER_OCCUPIED";
      throw conflict(scanRefusalMessage(reason, { chamber: chamber?.name }), { reason, overridable: false });
    }
    if (isInvariantViolation(error, "case_events_client_uuid_key")) {
      const again = input.offline ? await storedReplay(replay) : await recordedAnswer(input.clientUuid, caller.userId);
      if (again) return again;
    }
    throw error;
  }
}

/** Deletes stored files no event refers to; a failed delete is logged, never the scan's answer. */
async function discardStored(keys: Array<string | null>): Promise<void> {
  const stored = keys.filter((key): key is string => key !== null);
  if (stored.length === 0) return;
  await getStorage()
    .delete(stored)
    .catch((error: unknown) => console.error(JSON.stringify({ level: "error", source: "cases", event: "discard scan files failed", keys: stored, message: error instanceof Error ? error.message : String(error) })));
}

/**
 * What a pickup records beside the scan (docs/runs.md): who handed the pet over,
 * their drawn signature, and where the phone was when it gave its location. (A pickup on a run is
 * recorded by lib/services/runs/record-pickup.ts, which also names the run and the stop.)
 */
function pickupDetails(input: ScanCaseInput, signatureKey: string | null): Record<string, unknown> {
  return {
    releasedBy: input.releasedBy,
    signatureKey,
    place: input.place ? { latitude: input.place.latitude, longitude: input.place.longitude, accuracyMeters: input.place.accuracyMeters ?? null } : null,
  };
}
