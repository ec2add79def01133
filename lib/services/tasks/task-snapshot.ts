import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The task's own editable fields (the form's), shared by the read shape and the audit snapshot. */
export const taskFieldsSelect = {
  title: true,
  priority: true,
  status: true,
  organizationalUnitId: true,
  assigneeType: true,
  assigneeId: true,
  vendorId: true,
  projectId: true,
  parentTaskId: true,
  startDate: true,
  dueDate: true,
  estimatedMinutes: true,
  availableForPickup: true,
  isPrivate: true,
  hasChecklist: true,
  checklistRequired: true,
  isRecurring: true,
  recurringPattern: true,
  recurringInterval: true,
  recurringEndType: true,
  recurringEndDate: true,
  recurringMaxCount: true,
  recurringDaysOfWeek: true,
  recurringMonthlyType: true,
  excludeWeekends: true,
  excludeHolidays: true,
  holidayCalendar: true,
  recurringSchedule: true,
} satisfies Prisma.TaskSelect;

/** The task's own columns in an audit snapshot. */
export const snapshotScalarSelect = { ...taskFieldsSelect, description: true } satisfies Prisma.TaskSelect;

/** The fields an audit row keeps for a task (before/after), including team and checklist. */
export const snapshotSelect = {
  ...snapshotScalarSelect,
  assignments: { select: { userId: true, isLead: true }, orderBy: { userId: "asc" } },
  checklistItems: { select: { title: true }, orderBy: { position: "asc" } },
} satisfies Prisma.TaskSelect;

export type SnapshotRow = Prisma.TaskGetPayload<{ select: typeof snapshotSelect }>;

export function toSnapshot(row: SnapshotRow): Record<string, unknown> {
  const { assignments, checklistItems, ...scalars } = row;
  return {
    ...scalars,
    team: assignments.map((a) => ({ userId: a.userId, isLead: a.isLead })),
    checklist: checklistItems.map((c) => c.title),
  };
}
