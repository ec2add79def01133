import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import { nextStation, STATION_ORDER, type Station } from "@/lib/cases/stations";
import { certificateReady } from "@/lib/cases/certificate";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CaseDetail, CaseEvent, CaseSummary } from "@/lib/validations/cases";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { familyUrl } from "./tokens";
import { dateKeyOfDateColumn } from "@/lib/dates";

const person = { select: { id: true, firstName: true, lastName: true } } as const;

export const caseSummarySelect = {
  id: true,
  number: true,
  status: true,
  serviceType: true,
  petName: true,
  petSpecies: true,
  familyName: true,
  clinic: { select: { id: true, name: true } },
  tagSerial: true,
  currentStation: true,
  currentStationAt: true,
  chamber: { select: { id: true, name: true } },
  promisedReturnDate: true,
  receivedAt: true,
  createdAt: true,
} satisfies Prisma.MemorialCaseSelect;

export const caseEventSelect = {
  id: true,
  seq: true,
  kind: true,
  station: true,
  chamber: { select: { id: true, name: true } },
  member: person,
  deviceTime: true,
  serverTime: true,
  note: true,
  photoKey: true,
  offline: true,
  clientUuid: true,
  details: true,
  hash: true,
} satisfies Prisma.CaseEventSelect;

type SummaryRow = Prisma.MemorialCaseGetPayload<{ select: typeof caseSummarySelect }>;
type EventRow = Prisma.CaseEventGetPayload<{ select: typeof caseEventSelect }>;

/** A DATE column as yyyy-MM-dd (stored at UTC midnight). */
export const dayString = (date: Date | null) => (date ? dateKeyOfDateColumn(date) : null);

export function toCaseSummary(row: SummaryRow): CaseSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    serviceType: row.serviceType,
    petName: row.petName,
    petSpecies: row.petSpecies,
    familyName: row.familyName,
    clinic: row.clinic,
    tagSerial: row.tagSerial,
    currentStation: row.currentStation,
    currentStationAt: row.currentStationAt?.toISOString() ?? null,
    nextStation: row.status === "open" ? nextStation(row.serviceType, row.currentStation) : null,
    chamber: row.chamber,
    promisedReturnDate: dayString(row.promisedReturnDate),
    receivedAt: row.receivedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Staff's view of an event: files as flags (downloaded through their own routes), the signature's key dropped. */
export function toCaseEvent(row: EventRow): CaseEvent {
  const details = { ...((row.details ?? {}) as Record<string, unknown>) };
  const signatureKey = details.signatureKey;
  delete details.signatureKey;
  if (signatureKey !== undefined) details.hasSignature = Boolean(signatureKey);
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind as CaseEvent["kind"],
    station: row.station,
    chamber: row.chamber,
    member: row.member,
    deviceTime: row.deviceTime.toISOString(),
    serverTime: row.serverTime.toISOString(),
    note: row.note,
    hasPhoto: row.photoKey !== null,
    offline: row.offline,
    clientUuid: row.clientUuid,
    details,
    hash: row.hash,
  };
}

const detailSelect = {
  ...caseSummarySelect,
  petBreed: true,
  petWeightLbs: true,
  remainsWeightLbs: true,
  certificateAt: true,
  petColor: true,
  petPhotoKey: true,
  familyPhone: true,
  familyEmail: true,
  familyAddress: true,
  familyEmailConsent: true,
  pawPrint: true,
  furClipping: true,
  urnProduct: true,
  returnMethod: true,
  notes: true,
  returnedAt: true,
  closedAt: true,
  closedReason: true,
  createdBy: person,
  processRunId: true,
  processRun: { select: { id: true, name: true, process: { select: { name: true } } } },
  events: { select: caseEventSelect, orderBy: { seq: "asc" } },
  familyLinks: { where: { revokedAt: null }, select: { id: true, createdAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
} satisfies Prisma.MemorialCaseSelect;

/** When each station was first recorded by a scan (the log's scan events). */
export function stationTimes(events: Array<{ kind: string; station: Station | null; deviceTime: Date | string }>): Map<Station, string> {
  const times = new Map<Station, string>();
  for (const event of events) {
    if (event.kind !== "scan" || !event.station || times.has(event.station)) continue;
    times.set(event.station, typeof event.deviceTime === "string" ? event.deviceTime : event.deviceTime.toISOString());
  }
  return times;
}

/** A case as its page shows it (the custody log, its tasks, the family link). */
export async function loadCaseDetail(caller: Pick<Caller, "userId" | "role">, caseId: string, client: Db = db): Promise<CaseDetail> {
  const row = await client.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: detailSelect });
  const tasks = row.processRunId
    ? await client.task.findMany({
        where: { processRunId: row.processRunId, processStepPosition: { not: null }, deletedAt: null, ...visibleTaskWhere(caller) },
        select: { id: true, displayNumber: true, title: true, status: true, processStepPosition: true, dueDate: true },
        orderBy: [{ processStepPosition: "asc" }, { displayNumber: "asc" }],
        take: 50,
      })
    : [];
  const times = stationTimes(row.events);
  const link = row.familyLinks[0] ?? null;
  const certificate = certificateReady(row.serviceType, row.events, row.certificateAt !== null);
  return {
    ...toCaseSummary(row),
    petBreed: row.petBreed,
    petWeightLbs: row.petWeightLbs === null ? null : Number(row.petWeightLbs),
    remainsWeightLbs: row.remainsWeightLbs === null ? null : Number(row.remainsWeightLbs),
    petColor: row.petColor,
    hasPetPhoto: row.petPhotoKey !== null,
    familyPhone: row.familyPhone,
    familyEmail: row.familyEmail,
    familyAddress: row.familyAddress,
    familyEmailConsent: row.familyEmailConsent,
    pawPrint: row.pawPrint,
    furClipping: row.furClipping,
    urnProduct: row.urnProduct,
    returnMethod: row.returnMethod,
    notes: row.notes,
    returnedAt: row.returnedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedReason: row.closedReason,
    createdBy: row.createdBy,
    stations: STATION_ORDER[row.serviceType].map((station) => ({ station, done: times.has(station), at: times.get(station) ?? null })),
    events: row.events.map(toCaseEvent),
    processRun: row.processRun ? { id: row.processRun.id, name: row.processRun.name, processName: row.processRun.process.name } : null,
    tasks: tasks.map((t) => ({ id: t.id, displayNumber: t.displayNumber, title: t.title, status: t.status, position: t.processStepPosition, dueDate: t.dueDate?.toISOString() ?? null })),
    familyLink: link ? { url: familyUrl(link.id), createdAt: link.createdAt.toISOString() } : null,
    certificateAvailable: certificate === "ready",
    permissions: { canEdit: can(caller, "cases.write"), canOverride: can(caller, "cases.override"), canRevokeFamilyLink: can(caller, "cases.family.revoke") },
  };
}

export async function loadCaseSummary(caseId: string, client: Db = db): Promise<CaseSummary> {
  return toCaseSummary(await client.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: caseSummarySelect }));
}
