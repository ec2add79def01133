/**
 * Factories for every entity, shared by the demo seed, jest and Playwright. Each takes the
 * Prisma client (or a transaction) and a partial override, fills the rest with believable
 * values, and returns the created row.
 */
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/auth/password";
import { nextTaskDisplayNumber } from "@/lib/services/tasks/next-display-number";

type Client = PrismaClient | Prisma.TransactionClient;

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const DEFAULT_TEST_PASSWORD = "correct-horse-42";

// Hashing is deliberately slow; tests create many users with the same password, so hash once.
const hashCache = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
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
        displayNumber: await nextTaskDisplayNumber(tx),
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
