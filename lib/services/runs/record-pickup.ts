import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { formatCaseNumber } from "@/lib/cases/case-number";
import { PICKUP_STATION } from "@/lib/cases/stations";
import { dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, badRequest, conflict, notFound } from "@/lib/http/app-error";
import { logLine } from "@/lib/http/log";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { storeDataUrlImage } from "@/lib/services/cases/case-files";
import { caseEventSelect, loadCaseSummary, toCaseEvent } from "@/lib/services/cases/case-shape";
import { ensureProcessRun, nextCaseSeq } from "@/lib/services/cases/create-case";
import { appendCustodyEvent } from "@/lib/services/cases/custody-log";
import { withReplay, type ReplayOutcome } from "@/lib/services/offline/with-replay";
import { recordWebhookEvent, requestWebhookDelivery } from "@/lib/services/webhooks/record-event";
import { getStorage } from "@/lib/storage";
import type { PickupResult, RecordPickupInput } from "@/lib/validations/runs";
import { REQUEST_NOT_ON_RUN, RUN_NOT_FOUND, visibleRunWhere } from "./run-access";
import { pickupTagMatches } from "./pickup-tag";

type Tx = Prisma.TransactionClient;

export const OFFLINE_PICKUP_KIND = "run-pickup" as const;
export const TAG_OF_ANOTHER_PICKUP = "This tag is not this pet's: check the label before taking the pet.";
export const SERVICE_TYPE_REQUIRED = "Choose the service type: the request has none yet";
/** The family's name on a case whose owner will contact the clinic (the clinic gave none). */
export const OWNER_WILL_CONTACT = "Owner will contact";
const TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

/**
 * POST /api/runs/{id}/pickups (docs/runs.md): the driver collects one pet at its
 * stop. In one transaction, under the request's row lock: the request becomes a memorial case
 * (numbered C-yyyy-nnnnn like any case; the request's number, on its label, is the pet's tag until
 * a metal tag goes on), the case's first custody event is the `picked_up` scan (photo, the name and
 * drawn signature of who handed the pet over, the time, the phone's place and the stop's address),
 * and the request is picked up. Intake at our door continues the same chain (nextStation).
 *
 * A second pickup of a collected request answers the first one (200, created: false). With
 * clientUuid + deviceTime it was made without a signal and goes through the replay ledger
 * (withReplay): recorded at the phone's time, its first answer, a refusal included, repeated to
 * every retry of the uuid.
 */
export async function recordPickup(caller: Caller, runId: string, input: RecordPickupInput): Promise<{ status: number; body: PickupResult | Record<string, unknown> }> {
  const run = await db.pickupRun.findFirst({ where: { AND: [{ id: runId }, visibleRunWhere(caller)] }, select: { id: true } });
  if (!run) throw notFound(RUN_NOT_FOUND);
  const offline = Boolean(input.clientUuid && input.deviceTime);

  const photoKey = input.photo ? await storeDataUrlImage(input.photo, "cases/photos", "photo") : null;
  const signatureKey = input.signature ? await storeDataUrlImage(input.signature, "cases/signatures", "signature", "image/png") : null;
  const discardFiles = () => discard([photoKey, signatureKey]);

  const record = async (tx: Tx, at: { deviceTime: Date; receivedAt: Date }): Promise<ReplayOutcome> => {
    const refuse = (error: AppError): ReplayOutcome => {
      if (!offline) throw error;
      return { status: error.status, body: { message: error.message, code: error.code, ...(error.extra ?? {}) }, outcome: "refused" };
    };
    const item = await tx.pickupRunItem.findFirst({
      where: { runId, pickupRequestId: input.requestId },
      select: { stop: { select: { id: true, address: true } } },
    });
    if (!item) return refuse(notFound(REQUEST_NOT_ON_RUN));
    await tx.$queryRaw`SELECT id FROM pickup_requests WHERE id = ${input.requestId}::uuid FOR UPDATE`;
    const request = await tx.pickupRequest.findUniqueOrThrow({
      where: { id: input.requestId },
      select: {
        id: true,
        number: true,
        status: true,
        origin: true,
        clinicVendorId: true,
        petName: true,
        petSpecies: true,
        petWeightLbs: true,
        ownerName: true,
        ownerContact: true,
        serviceType: true,
        note: true,
        address: true,
        caseId: true,
      },
    });
    if (request.status === "picked_up" && request.caseId) return { status: 200, body: await firstPickup(tx, request.id, request.caseId), outcome: "repeated" };
    if (request.status === "cancelled") return refuse(conflict(`${request.number} was cancelled; leave the pet with the clinic.`));
    if (input.tag && !pickupTagMatches(input.tag, request.number)) return refuse(conflict(TAG_OF_ANOTHER_PICKUP, { field: "tag", reason: "TAG_MISMATCH" }));
    const serviceType = request.serviceType ?? input.serviceType ?? null;
    if (!serviceType) return refuse(badRequest(SERVICE_TYPE_REQUIRED, { field: "serviceType" }));
    const tagSerial = input.tagSerial ?? request.number;
    const tagTaken = await tx.memorialCase.findFirst({ where: { tagSerial, status: "open" }, select: { number: true } });
    if (tagTaken) return refuse(conflict(`Tag ${tagSerial} is on open case ${tagTaken.number}; each open case needs its own tag.`, { field: "tagSerial" }));

    const year = Number(dateKeyOf(at.receivedAt).slice(0, 4));
    const seq = await nextCaseSeq(tx, year);
    const number = formatCaseNumber(year, seq);
    const contact = request.ownerContact?.trim() ?? null;
    const isEmail = contact !== null && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact);
    const created = await tx.memorialCase.create({
      data: {
        number,
        year,
        seq,
        // The request's id: one case per request, whichever replay gets here first.
        uuid: request.id,
        serviceType,
        petName: request.petName,
        petSpecies: request.petSpecies,
        petWeightLbs: request.petWeightLbs,
        familyName: request.ownerName ?? OWNER_WILL_CONTACT,
        familyPhone: contact && !isEmail && contact.length <= 40 ? contact : null,
        familyEmail: isEmail ? contact : null,
        familyAddress: request.origin === "home" ? request.address : null,
        clinicVendorId: request.clinicVendorId,
        tagSerial,
        notes: [request.note, contact && !isEmail && contact.length > 40 ? `Owner's contact: ${contact}` : null].filter(Boolean).join("\n") || null,
        receivedAt: at.deviceTime,
        createdById: caller.userId,
      },
      select: { id: true },
    });
    await tx.caseFamilyLink.create({ data: { caseId: created.id } });
    const event = await appendCustodyEvent(tx, {
      caseId: created.id,
      kind: "scan",
      station: PICKUP_STATION,
      memberId: caller.userId,
      deviceTime: at.deviceTime,
      serverTime: at.receivedAt,
      offline,
      clientUuid: input.clientUuid ?? null,
      photoKey,
      note: input.note ?? null,
      details: {
        releasedBy: input.releasedBy,
        signatureKey,
        place: input.place ? { latitude: input.place.latitude, longitude: input.place.longitude, accuracyMeters: input.place.accuracyMeters ?? null } : null,
        address: item.stop.address,
        runId,
        stopId: item.stop.id,
        requestNumber: request.number,
        tagScanned: Boolean(input.tag),
      },
    });
    await tx.memorialCase.update({ where: { id: created.id }, data: { currentStation: PICKUP_STATION, currentStationAt: at.deviceTime } });
    await tx.pickupRequest.update({ where: { id: request.id }, data: { status: "picked_up", caseId: created.id, pickedUpAt: at.deviceTime } });
    await recordAudit(tx, { actorId: caller.userId, action: "case.create", entityType: "case", entityId: created.id, after: { number, serviceType, petName: request.petName, tagSerial, pickupRequest: request.number } });
    await recordWebhookEvent(tx, "case.scanned", async () => {
      const row = await tx.caseEvent.findUniqueOrThrow({ where: { id: event.id }, select: caseEventSelect });
      return { case: await loadCaseSummary(created.id, tx), event: toCaseEvent(row), overrideEvent: null };
    });
    const hash = await tx.caseEvent.findUniqueOrThrow({ where: { id: event.id }, select: { hash: true } });
    const body: PickupResult = { created: true, requestId: request.id, caseNumber: number, eventSeq: event.seq, eventHash: hash.hash, at: at.deviceTime.toISOString(), offline };
    return { status: 201, body, outcome: "recorded" };
  };

  try {
    const answer = offline
      ? await withReplay({ kind: OFFLINE_PICKUP_KIND, clientUuid: input.clientUuid!, deviceTime: input.deviceTime!, userId: caller.userId }, record, { what: "pickup", transaction: TX_OPTIONS })
      : await db.$transaction(async (tx) => {
          const now = new Date();
          return { ...(await record(tx, { deviceTime: now, receivedAt: now })), fresh: true };
        }, TX_OPTIONS);
    if (answer.fresh && answer.status === 201) {
      requestWebhookDelivery();
      const caseId = await db.pickupRequest.findUnique({ where: { id: input.requestId }, select: { caseId: true } });
      // The case's process (its tasks) starts after the pickup, as for a case made at the counter.
      if (caseId?.caseId) {
        await ensureProcessRun(caller, caseId.caseId).catch((error: unknown) =>
          logLine({ level: "error", event: "case.process_start_failed", caseId: caseId.caseId, error: error instanceof Error ? error.message : String(error) }),
        );
      }
      return { status: answer.status, body: answer.body as PickupResult };
    }
    await discardFiles();
    return { status: answer.status, body: answer.body as PickupResult | Record<string, unknown> };
  } catch (error) {
    await discardFiles();
    throw error;
  }
}

/** The answer of a request already picked up: its case and its picked_up event. */
async function firstPickup(tx: Tx, requestId: string, caseId: string): Promise<PickupResult> {
  const event = await tx.caseEvent.findFirstOrThrow({
    where: { caseId, station: PICKUP_STATION, kind: "scan" },
    select: { seq: true, hash: true, deviceTime: true, offline: true, case: { select: { number: true } } },
  });
  return { created: false, requestId, caseNumber: event.case.number, eventSeq: event.seq, eventHash: event.hash, at: event.deviceTime.toISOString(), offline: event.offline };
}

async function discard(keys: Array<string | null>): Promise<void> {
  const stored = keys.filter((key): key is string => key !== null);
  if (stored.length === 0) return;
  await getStorage()
    .delete(stored)
    .catch((error: unknown) => logLine({ level: "error", event: "pickup.discard_files_failed", keys: stored, error: error instanceof Error ? error.message : String(error) }));
}
