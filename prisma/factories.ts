/**
 * Factories for every entity, shared by the demo seed, jest and Playwright. Each takes the
 * Prisma client (or a transaction) and a partial override, fills the rest with believable
 * values, and returns the created row.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { newPrefix, newSecret } from "@/lib/api-keys/token";
import { hashPassword, KNOWN_PASSWORD_LOG_N } from "@/lib/auth/password";
import { caseNumberCounter, formatCaseNumber } from "@/lib/cases/case-number";
import { chainInput, GENESIS_HASH } from "@/lib/cases/custody-chain";
import { finalStation, STATION_ORDER, type Station } from "@/lib/cases/stations";
import { checkRemainsWeight, DEFAULT_REMAINS_RANGES, remainsWeightDetails } from "@/lib/cases/remains-weight";
import { addBusinessDays, toBusinessDay } from "@/lib/dates/business-days";
import { scheduleSteps } from "@/lib/processes/schedule";
import { nextTaskDisplayNumber, reserveTaskDisplayNumbers } from "@/lib/services/tasks/next-display-number";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { dateColumnOf, type DateKey } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";

type Client = PrismaClient | Prisma.TransactionClient;

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const DEFAULT_TEST_PASSWORD = "correct-horse-42";

// Hashing is deliberately slow; tests create many users with the same password, so hash once.
// These passwords (the tests' and the demo's) are known, so their hashes take the cost for known
// passwords: every sign-in with them costs the server ~12 ms of CPU instead of ~100.
const hashCache = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password, { logN: KNOWN_PASSWORD_LOG_N }));
  return hashCache.get(password)!;
};

export async function createUser(
  client: Client,
  overrides: Partial<Omit<Prisma.UserUncheckedCreateInput, "passwordHash">> & { password?: string } = {},
) {
  const { password = DEFAULT_TEST_PASSWORD, ...data } = overrides;
  const tag = next();
  return client.user.create({
    data: {
      email: (data.email ?? `user-${tag}@example.test`).toLowerCase(),
      firstName: "Test",
      lastName: `User ${tag}`,
      // A volunteer has no pay type (check users_pay_type_of_member_type).
      ...(data.memberType === "volunteer" && data.payType === undefined ? { payType: null } : {}),
      ...data,
      passwordHash: await cachedHash(password),
    },
  });
}

export function createUnit(client: Client, overrides: Partial<Prisma.OrganizationalUnitUncheckedCreateInput> = {}) {
  return client.organizationalUnit.create({ data: { name: `Unit ${next()}`, ...overrides } });
}

export function addMembership(client: Client, unitId: string, userId: string) {
  return client.unitMembership.create({ data: { unitId, userId } });
}

export function createVendor(client: Client, overrides: Partial<Prisma.VendorUncheckedCreateInput> = {}) {
  return client.vendor.create({ data: { name: `Vendor ${next()}`, ...overrides } });
}

export function createProject(client: Client, overrides: Partial<Prisma.ProjectUncheckedCreateInput> & { createdById: string }) {
  return client.project.create({ data: { name: `Project ${next()}`, ...overrides } });
}

export function createProcess(
  client: Client,
  overrides: Partial<Prisma.ProcessUncheckedCreateInput> & { createdById: string },
  steps: Array<Partial<Prisma.ProcessStepUncheckedCreateWithoutProcessInput>> = [],
) {
  return client.process.create({
    data: {
      name: `Process ${next()}`,
      ...overrides,
      steps: { create: steps.map((step, index) => ({ title: `Step ${index + 1}`, position: index + 1, ...step })) },
    },
    include: { steps: true },
  });
}

/**
 * A started process as the app leaves it (demo data and tests): a new project named after the
 * run, one task per step dated by business days, checklists, finish-to-start dependencies and
 * the run row. `completed` lists step positions already done. The app's own path is
 * lib/services/processes/start-process.ts; this one takes any client and no caller.
 */
export async function createProcessRun(
  client: PrismaClient,
  input: { processId: string; createdById: string; name: string; startDate: string; completed?: number[]; completedById?: string },
) {
  const process = await client.process.findUniqueOrThrow({ where: { id: input.processId }, include: { steps: { orderBy: { position: "asc" } } } });
  const calendar = { onOrAfter: (d: string) => toBusinessDay(d, "next"), add: (d: string, n: number) => addBusinessDays(d, n) };
  const schedule = scheduleSteps(input.startDate, process.steps, calendar);
  const unitFor = (step: (typeof process.steps)[number]) => step.organizationalUnitId ?? process.organizationalUnitId!;
  return client.$transaction(async (tx) => {
    const project = await tx.project.create({
      data: {
        name: input.name,
        organizationalUnitId: process.organizationalUnitId,
        ownerId: input.createdById,
        createdById: input.createdById,
        startDate: combineDayAndTime(schedule[0].start, null, "start"),
        dueDate: combineDayAndTime(schedule.reduce((m, s) => (s.due > m ? s.due : m), schedule[0].due), null, "due"),
      },
    });
    const run = await tx.processRun.create({
      data: { processId: process.id, uuid: randomUUID(), name: input.name, startDate: new Date(`${input.startDate}T00:00:00Z`), target: "new_project", projectId: project.id, createdById: input.createdById },
    });
    let number = await reserveTaskDisplayNumbers(tx, process.steps.length);
    const ids = process.steps.map(() => randomUUID());
    await tx.task.createMany({
      data: process.steps.map((step, i) => {
        const done = input.completed?.includes(step.position) ?? false;
        const assignee =
          step.assigneeKind === "member" && step.assigneeId
            ? { assigneeType: "user" as const, assigneeId: step.assigneeId }
            : step.assigneeKind === "vendor" && step.vendorId
              ? { assigneeType: "vendor" as const, vendorId: step.vendorId }
              : step.assigneeKind === "starter"
                ? { assigneeType: "user" as const, assigneeId: input.createdById }
                : {};
        return {
          id: ids[i],
          displayNumber: number++,
          title: step.title,
          description: step.description ? `<p>${step.description}</p>` : null,
          organizationalUnitId: unitFor(step),
          ...assignee,
          projectId: project.id,
          startDate: combineDayAndTime(schedule[i].start, null, "start"),
          dueDate: combineDayAndTime(schedule[i].due, null, "due"),
          availableForPickup: step.availableForPickup && !("assigneeId" in assignee) && !("vendorId" in assignee),
          hasChecklist: step.checklist.length > 0,
          status: done ? ("completed" as const) : ("open" as const),
          completedAt: done ? new Date() : null,
          completedById: done ? (input.completedById ?? input.createdById) : null,
          processRunId: run.id,
          processStepPosition: step.position,
          createdById: input.createdById,
        };
      }),
    });
    await tx.checklistItem.createMany({
      data: process.steps.flatMap((step, i) =>
        step.checklist.map((title, position) => ({ taskId: ids[i], title, position, isCompleted: input.completed?.includes(step.position) ?? false })),
      ),
    });
    await tx.taskDependency.createMany({ data: process.steps.flatMap((step, i) => step.dependsOn.map((on) => ({ taskId: ids[i], dependsOnTaskId: ids[on - 1] }))) });
    return { project, run, taskIds: ids };
  });
}

export interface TaskFactoryInput extends Partial<Omit<Prisma.TaskUncheckedCreateInput, "displayNumber">> {
  createdById: string;
  organizationalUnitId: string;
  checklist?: string[];
  team?: Array<{ userId: string; isLead?: boolean }>;
}

/** Creates a task with its number, checklist and team in one transaction, as the app does. */
export async function createTask(client: PrismaClient, input: TaskFactoryInput) {
  const { checklist = [], team = [], ...data } = input;
  return client.$transaction(async (tx) =>
    tx.task.create({
      data: {
        title: `Task ${next()}`,
        dueDate: new Date(Date.now() + 86_400_000),
        uuid: randomUUID(),
        hasChecklist: checklist.length > 0,
        ...data,
        // As the app numbers them: a series takes no number.
        displayNumber: data.isRecurring ? null : await nextTaskDisplayNumber(tx),
        checklistItems: { create: checklist.map((title, position) => ({ title, position })) },
        assignments: { create: team.map(({ userId, isLead = false }) => ({ userId, isLead })) },
      },
      include: { checklistItems: true, assignments: true },
    }),
  );
}

export function createPunchSession(client: Client, overrides: Partial<Prisma.PunchSessionUncheckedCreateInput> & { userId: string }) {
  return client.punchSession.create({ data: { inLocation: "desktop", ...overrides } });
}

export function createTimeEntry(
  client: Client,
  overrides: Partial<Prisma.TaskTimeEntryUncheckedCreateInput> & { userId: string; taskId: string; punchSessionId: string },
) {
  return client.taskTimeEntry.create({ data: { ...overrides } });
}

export function createAuditLog(client: Client, overrides: Partial<Prisma.AuditLogUncheckedCreateInput> = {}) {
  return client.auditLog.create({ data: { action: "test.event", entityType: "test", entityId: next(), ...overrides } });
}

export function createBetaIssue(client: Client, overrides: Partial<Prisma.BetaIssueUncheckedCreateInput> & { reporterId: string }) {
  return client.betaIssue.create({
    data: { title: `[BETA] Issue ${next()}`, description: "Steps to reproduce ...", issueType: "bug", ...overrides },
  });
}

export function createChatSession(client: Client, overrides: Partial<Prisma.ChatSessionUncheckedCreateInput> & { userId: string }) {
  return client.chatSession.create({ data: { title: "Conversation", ...overrides } });
}

export function createChatMessage(client: Client, overrides: Partial<Prisma.ChatMessageUncheckedCreateInput> & { sessionId: string }) {
  return client.chatMessage.create({ data: { role: "user", content: "Hello", ...overrides } });
}

export function createAlertRule(client: Client, overrides: Partial<Prisma.AlertRuleUncheckedCreateInput> & { createdById: string }) {
  return client.alertRule.create({ data: { name: `Rule ${next()}`, kind: "long_shift", config: { hours: 10 }, ...overrides } });
}

export function createAlert(client: Client, overrides: Partial<Prisma.AlertUncheckedCreateInput> = {}) {
  return client.alert.create({ data: { message: "Shift longer than 10 hours", ...overrides } });
}

/** An API key acting as `actingUserId` (default: its creator); returns the row and the `bfs_…` token shown once. */
export async function createApiKey(
  client: Client,
  overrides: Partial<Omit<Prisma.ApiKeyUncheckedCreateInput, "prefix" | "keyHash">> & { createdById: string },
) {
  const prefix = newPrefix();
  const { token, keyHash } = newSecret(prefix);
  const key = await client.apiKey.create({
    data: { name: `Key ${next()}`, scopes: [], actingUserId: overrides.createdById, ...overrides, prefix, keyHash },
  });
  return { key, token };
}

/**
 * A memorial case numbered like the app does (the year's counter row), with its family link.
 * No process run (the service starts one; tests that need the tasks go through the route).
 */
export async function createMemorialCase(
  client: Client,
  overrides: Partial<Prisma.MemorialCaseUncheckedCreateInput> & { createdById: string },
) {
  const receivedAt = overrides.receivedAt ? new Date(overrides.receivedAt) : new Date();
  const year = receivedAt.getUTCFullYear();
  const rows = await client.$queryRaw<{ value: number }[]>`
    INSERT INTO counters (name, value) VALUES (${caseNumberCounter(year)}, 1)
    ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`;
  const seq = Number(rows[0].value);
  const row = await client.memorialCase.create({
    data: {
      number: formatCaseNumber(year, seq),
      year,
      seq,
      serviceType: "private",
      petName: `Pet ${next()}`,
      petSpecies: "Dog",
      familyName: `Family ${next()}`,
      tagSerial: `T-${next()}`,
      receivedAt,
      ...overrides,
    },
  });
  await client.caseFamilyLink.create({ data: { caseId: row.id } });
  return row;
}

/**
 * A current signed cremation authorization (signed at the counter) for test and demo cases, when
 * the case has none. It is recorded without a PDF (no key: the seed and the Playwright process cannot
 * reach the app's storage); tests that need the PDF sign through the app's service.
 */
export async function createSignedAuthorization(client: Client, caseId: string, memberId: string) {
  const current = await client.caseAuthorization.findFirst({ where: { caseId, voidedAt: null } });
  if (current) return current;
  const last = await client.caseAuthorization.findFirst({ where: { caseId }, orderBy: { version: "desc" }, select: { version: true } });
  return client.caseAuthorization.create({
    data: {
      caseId,
      version: (last?.version ?? 0) + 1,
      content: { fixture: true },
      contentHash: "fixture",
      authorizingName: "The family",
      relationship: "Owner",
      rightToDecide: true,
      implants: "none",
      belongings: "none",
      signedVia: "counter",
      signatureKey: "fixtures/signature.png",
      signedAt: new Date(),
      signedById: memberId,
      pdfKey: null,
      pdfSha256: null,
    },
  });
}

/**
 * Records scans of a case as the app would (hash-chained events, the station, the chamber's
 * occupancy), for the seed and for tests that need a case further along. `times[i]` dates scan i.
 */
export async function recordCaseScans(
  client: Client,
  input: { caseId: string; memberId: string; stations: Station[]; chamberId?: string | null; times?: Date[]; photoKeys?: (string | null)[]; remainsWeightLbs?: number },
) {
  const kase = await client.memorialCase.findUniqueOrThrow({ where: { id: input.caseId }, select: { id: true, serviceType: true, petSpecies: true, petWeightLbs: true } });
  // Processing weighs the remains (docs/cases.md "The remains' weight"): by default 4% of the body weight, within the shipped range.
  const bodyLbs = kase.petWeightLbs === null ? null : Number(kase.petWeightLbs);
  const remainsLbs = input.remainsWeightLbs ?? (bodyLbs ? Math.max(0.1, Math.round(bodyLbs * 4) / 100) : 1.5);
  let weighed = false;
  const last = await client.caseEvent.findFirst({ where: { caseId: kase.id }, orderBy: { seq: "desc" }, select: { seq: true, hash: true } });
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  let current: Station | null = null;
  let at = new Date();
  for (const [i, station] of input.stations.entries()) {
    at = input.times?.[i] ?? new Date(Date.now() - (input.stations.length - i) * 60_000);
    let chamberId: string | null = null;
    if (station === "chamber_in") {
      chamberId = input.chamberId ?? null;
      if (chamberId) {
        // The chamber takes no pet without a current signed authorization (trigger chamber_needs_authorization).
        await createSignedAuthorization(client, kase.id, input.memberId);
        await client.chamberOccupancy.create({ data: { chamberId, caseId: kase.id, serviceType: kase.serviceType, shareKey: kase.serviceType === "private" ? kase.id : "shared", enteredAt: at } });
      }
    } else if (station === "chamber_out") {
      const open = await client.chamberOccupancy.findFirst({ where: { caseId: kase.id, exitedAt: null } });
      if (open) {
        await client.chamberOccupancy.update({ where: { id: open.id }, data: { exitedAt: at } });
        chamberId = open.chamberId;
      }
    }
    seq += 1;
    const fields = {
      caseId: kase.id,
      seq,
      kind: "scan",
      station,
      chamberId,
      memberId: input.memberId,
      deviceTime: at,
      serverTime: at,
      note: null,
      photoKey: input.photoKeys?.[i] ?? null,
      offline: false,
      clientUuid: randomUUID(),
      details:
        station === "returned"
          ? { receiverName: "The family", signatureKey: null, tagVerified: true }
          : station === "processing"
            ? { remainsWeight: remainsWeightDetails(checkRemainsWeight({ serviceType: kase.serviceType, species: kase.petSpecies, bodyLbs, remainsLbs, ranges: DEFAULT_REMAINS_RANGES })) }
            : {},
    };
    const hash = createHash("sha256").update(chainInput(fields, prevHash)).digest("hex");
    await client.caseEvent.create({ data: { ...fields, prevHash, hash } });
    prevHash = hash;
    current = station;
    if (station === "processing") weighed = true;
  }
  if (current) {
    const closes = current === finalStation(kase.serviceType) && STATION_ORDER[kase.serviceType].includes(current);
    await client.memorialCase.update({
      where: { id: kase.id },
      data: {
        currentStation: current,
        currentStationAt: at,
        chamberId: current === "chamber_in" ? (input.chamberId ?? null) : null,
        ...(current === "returned" ? { returnedAt: at } : {}),
        ...(closes ? { status: "closed", closedAt: at } : {}),
        ...(weighed ? { remainsWeightLbs: remainsLbs } : {}),
      },
    });
  }
}

/**
 * A member's certification (docs/cases.md "Operators and chambers"): the days, and the instants
 * they start and end in the business time zone, as the app writes them.
 */
export async function createCertification(
  db: PrismaClient,
  input: { memberId: string; recordedById: string; name?: string; issuedOn: DateKey; expiresOn: DateKey; loadsChamber?: boolean },
) {
  const { startsAt, endsAt } = rangeInstants(input.issuedOn, input.expiresOn);
  return db.memberCertification.create({
    data: {
      memberId: input.memberId,
      name: input.name ?? "Crematory operator",
      loadsChamber: input.loadsChamber ?? true,
      issuedOn: dateColumnOf(input.issuedOn),
      expiresOn: dateColumnOf(input.expiresOn),
      validFrom: startsAt,
      validUntil: endsAt,
      recordedById: input.recordedById,
    },
  });
}

/** A chamber maintenance log entry (an inspection or a repair, on a business day). */
export async function createChamberMaintenance(
  db: PrismaClient,
  input: { chamberId: string; recordedById: string; kind: "inspection" | "repair"; performedOn: DateKey; performedBy: string; notes?: string },
) {
  return db.chamberMaintenance.create({
    data: { chamberId: input.chamberId, kind: input.kind, performedOn: dateColumnOf(input.performedOn), performedBy: input.performedBy, notes: input.notes ?? "", recordedById: input.recordedById },
  });
}

/** A pickup request numbered like the app does (the year's counter row "pickup_number:<year>"), a clinic's unless told. */
export async function createPickupRequest(
  client: Client,
  overrides: Partial<Prisma.PickupRequestUncheckedCreateInput> & { createdById: string },
) {
  const year = new Date().getUTCFullYear();
  const rows = await client.$queryRaw<{ value: number }[]>`
    INSERT INTO counters (name, value) VALUES (${`pickup_number:${year}`}, 1)
    ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`;
  const seq = Number(rows[0].value);
  return client.pickupRequest.create({
    data: {
      number: `P-${year}-${String(seq).padStart(5, "0")}`,
      year,
      seq,
      uuid: randomUUID(),
      origin: overrides.clinicVendorId ? "clinic" : "home",
      petName: `Pet ${next()}`,
      petSpecies: "Cat",
      ownerWillContact: true,
      address: "1 Clinic Way",
      ...overrides,
    },
  });
}
