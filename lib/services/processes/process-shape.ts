import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { processPermissions } from "@/lib/processes/permissions";
import type { Viewer } from "@/lib/tasks/permissions";
import type { StepInput, processSummarySchema, processStepSchema } from "@/lib/validations/processes";
import type { z } from "zod";

const person = { select: { id: true, firstName: true, lastName: true } } as const;

export const stepSelect = {
  id: true,
  position: true,
  title: true,
  description: true,
  offsetDays: true,
  durationDays: true,
  organizationalUnitId: true,
  assigneeKind: true,
  assigneeId: true,
  vendorId: true,
  checklist: true,
  checklistRequired: true,
  dependsOn: true,
  availableForPickup: true,
  organizationalUnit: { select: { id: true, name: true } },
  assignee: { select: { id: true, firstName: true, lastName: true, isActive: true } },
  vendor: { select: { id: true, name: true } },
} satisfies Prisma.ProcessStepSelect;

export type StepRow = Prisma.ProcessStepGetPayload<{ select: typeof stepSelect }>;

export type StepDto = z.input<typeof processStepSchema>;

export function toStepDto(row: StepRow): StepDto {
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    description: row.description,
    offsetDays: row.offsetDays,
    durationDays: row.durationDays,
    department: row.organizationalUnit,
    assigneeKind: row.assigneeKind,
    assignee: row.assignee,
    vendor: row.vendor,
    checklist: row.checklist,
    checklistRequired: row.checklistRequired,
    dependsOn: row.dependsOn,
    availableForPickup: row.availableForPickup,
  };
}

/** Step rows to insert for a process (positions 1..n in list order). */
export function toStepRows(steps: StepInput[]) {
  return steps.map((step, index) => ({
    position: index + 1,
    title: step.title,
    description: step.description || null,
    offsetDays: step.offsetDays,
    durationDays: step.durationDays,
    organizationalUnitId: step.department ?? null,
    assigneeKind: step.assigneeKind,
    assigneeId: step.assigneeKind === "member" ? (step.assigneeId ?? null) : null,
    vendorId: step.assigneeKind === "vendor" ? (step.vendorId ?? null) : null,
    checklist: step.checklist,
    checklistRequired: step.checklistRequired && step.checklist.length > 0,
    dependsOn: [...step.dependsOn].sort((a, b) => a - b),
    availableForPickup: step.availableForPickup,
  }));
}

/** A stored step back as step input (duplicating a process, audit snapshots). */
export function stepRowToInput(row: {
  title: string;
  description: string | null;
  offsetDays: number;
  durationDays: number;
  organizationalUnitId: string | null;
  assigneeKind: StepInput["assigneeKind"];
  assigneeId: string | null;
  vendorId: string | null;
  checklist: string[];
  checklistRequired: boolean;
  dependsOn: number[];
  availableForPickup: boolean;
}): StepInput {
  return {
    title: row.title,
    description: row.description,
    department: row.organizationalUnitId,
    assigneeKind: row.assigneeKind,
    assigneeId: row.assigneeId,
    vendorId: row.vendorId,
    offsetDays: row.offsetDays,
    durationDays: row.durationDays,
    checklist: row.checklist,
    checklistRequired: row.checklistRequired,
    dependsOn: row.dependsOn,
    availableForPickup: row.availableForPickup,
  };
}

export const processSelect = {
  id: true,
  name: true,
  description: true,
  isActive: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  organizationalUnitId: true,
  organizationalUnit: { select: { id: true, name: true } },
  createdBy: person,
  _count: { select: { steps: true } },
} satisfies Prisma.ProcessSelect;

export type ProcessRow = Prisma.ProcessGetPayload<{ select: typeof processSelect }>;

export type ProcessSummaryDto = z.input<typeof processSummarySchema>;

export function toProcessSummary(row: ProcessRow, viewer: Viewer, runs: { count: number; last: Date | null } | undefined): ProcessSummaryDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    department: row.organizationalUnit,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    stepCount: row._count.steps,
    runCount: runs?.count ?? 0,
    lastStartedAt: runs?.last ?? null,
    permissions: processPermissions(viewer, row),
  };
}

/** What a process's audit rows keep. */
export function processSnapshot(process: { name: string; description: string | null; organizationalUnitId: string | null; isActive: boolean }, steps?: ReturnType<typeof toStepRows>) {
  return { name: process.name, description: process.description, organizationalUnitId: process.organizationalUnitId, isActive: process.isActive, ...(steps ? { steps } : {}) };
}
