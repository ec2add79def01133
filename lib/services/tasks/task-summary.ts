import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The one select of a task named in a list beside another (sub-tasks, dependencies, a member's
 * open tasks): number, title, status and due date; each caller adds what its screen needs.
 */
export const taskSummarySelect = { id: true, displayNumber: true, title: true, status: true, dueDate: true } as const satisfies Prisma.TaskSelect;

/** A task linked from another record (a parent task, a process run's parent), with what visibility needs. */
export const linkedTaskSelect = { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true } as const satisfies Prisma.TaskSelect;
