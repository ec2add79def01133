import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dueTimeOf } from "@/lib/dates";
import { canViewTask, taskPermissions, type Viewer } from "@/lib/tasks/permissions";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { taskFieldsSelect } from "./task-snapshot";
import { linkedTaskSelect, taskSummarySelect } from "./task-summary";

/**
 * "Task as read" (spec §3): the one shape every task endpoint answers with, built from an
 * explicit select (no raw rows). List rows leave out the description and the sub-tasks.
 */

const person = { select: { id: true, firstName: true, lastName: true } } as const;

export function taskSelect() {
  return {
    id: true,
    displayNumber: true,
    uuid: true,
    ...taskFieldsSelect,
    createdById: true,
    recurrenceSourceId: true,
    occurrenceIndex: true,
    occurrenceLate: true,
    completedAt: true,
    deletedAt: true,
    createdAt: true,
    updatedAt: true,
    organizationalUnit: { select: { id: true, name: true, unitNumber: true } },
    assignee: person,
    vendor: { select: { id: true, name: true } },
    project: { select: { id: true, name: true } },
    parentTask: { select: linkedTaskSelect },
    createdBy: person,
    completedBy: person,
    deletedBy: person,
    assignments: { select: { userId: true, isLead: true, user: person }, orderBy: [{ isLead: "desc" }, { createdAt: "asc" }, { userId: "asc" }] },
    checklistItems: {
      select: { id: true, title: true, position: true, isCompleted: true, completedAt: true },
      orderBy: { position: "asc" },
    },
  } satisfies Prisma.TaskSelect;
}

export function taskDetailSelect(caller: Pick<Caller, "userId" | "role">) {
  return {
    ...taskSelect(),
    description: true,
    subTasks: {
      where: visibleTaskWhere(caller),
      select: {
        ...taskSummarySelect,
        priority: true,
        isPrivate: true,
        assignee: person,
        vendor: { select: { id: true, name: true } },
      },
      orderBy: [{ dueDate: "asc" }, { displayNumber: "asc" }],
      take: 200,
    },
  } satisfies Prisma.TaskSelect;
}

export type ListRow = Prisma.TaskGetPayload<{ select: ReturnType<typeof taskSelect> }>;
export type DetailRow = Prisma.TaskGetPayload<{ select: ReturnType<typeof taskDetailSelect> }>;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export function toTaskDto(row: ListRow | DetailRow, viewer: Viewer, subTaskCount?: number) {
  const teamUserIds = row.assignments.map((a) => a.userId);
  const parentVisible =
    row.parentTask &&
    canViewTask(viewer, { ...row.parentTask, assigneeId: null, vendorId: null, organizationalUnitId: "", availableForPickup: false, status: "open", teamUserIds: [] });
  const assignee =
    row.assigneeType === "vendor" && row.vendor
      ? { type: "vendor" as const, id: row.vendor.id, name: row.vendor.name }
      : row.assignee
        ? { type: "user" as const, id: row.assignee.id, name: fullName(row.assignee), firstName: row.assignee.firstName, lastName: row.assignee.lastName }
        : null;
  const lead = row.assignments.find((a) => a.isLead);
  return {
    id: row.id,
    displayNumber: row.displayNumber,
    uuid: row.uuid,
    title: row.title,
    ...("description" in row ? { description: row.description } : {}),
    priority: row.priority,
    status: row.status,
    organizationalUnitId: row.organizationalUnitId,
    department: row.organizationalUnit,
    assigneeType: row.assigneeType,
    assigneeId: row.assigneeId,
    vendorId: row.vendorId,
    assignee,
    assignments: row.assignments.map((a) => ({ userId: a.userId, isLead: a.isLead, firstName: a.user.firstName, lastName: a.user.lastName })),
    assigneeIds: teamUserIds,
    leadAssigneeId: lead?.userId ?? null,
    checklist: row.checklistItems,
    projectId: row.projectId,
    project: row.project,
    // A parent the caller may not see (someone else's private task) is withheld, id included.
    parentTaskId: parentVisible ? row.parentTaskId : null,
    parentHidden: Boolean(row.parentTaskId) && !parentVisible,
    parentTask: parentVisible && row.parentTask ? { id: row.parentTask.id, displayNumber: row.parentTask.displayNumber, title: row.parentTask.title } : null,
    startDate: row.startDate,
    dueDate: row.dueDate,
    dueTime: dueTimeOf(row.dueDate),
    /** Minutes, mirroring the request field of the same name (spec §3). */
    estimatedHours: row.estimatedMinutes,
    estimatedMinutes: row.estimatedMinutes,
    availableForPickup: row.availableForPickup,
    isPrivate: row.isPrivate,
    hasChecklist: row.hasChecklist,
    checklistRequired: row.checklistRequired,
    isRecurring: row.isRecurring,
    recurringPattern: row.recurringPattern,
    recurringInterval: row.recurringInterval,
    recurringEndType: row.recurringEndType,
    recurringEndDate: row.recurringEndDate,
    recurringMaxCount: row.recurringMaxCount,
    recurringDaysOfWeek: row.recurringDaysOfWeek,
    recurringMonthlyType: row.recurringMonthlyType,
    excludeWeekends: row.excludeWeekends,
    excludeHolidays: row.excludeHolidays,
    holidayCalendar: row.holidayCalendar,
    recurringSchedule: row.recurringSchedule,
    /** An occurrence's series, its position in it, and whether it was created after its due time. */
    recurrenceSourceId: row.recurrenceSourceId,
    occurrenceIndex: row.occurrenceIndex,
    occurrenceLate: row.occurrenceLate,
    createdById: row.createdById,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    completedBy: row.completedBy,
    deletedAt: row.deletedAt,
    deletedBy: row.deletedBy,
    subTaskCount: "subTasks" in row ? row.subTasks.length : (subTaskCount ?? 0),
    ...("subTasks" in row
      ? {
          subTasks: row.subTasks.map((s) => ({
            id: s.id,
            displayNumber: s.displayNumber,
            title: s.title,
            status: s.status,
            priority: s.priority,
            dueDate: s.dueDate,
            isPrivate: s.isPrivate,
            assigneeName: s.vendor ? s.vendor.name : s.assignee ? fullName(s.assignee) : null,
          })),
        }
      : {}),
    permissions: taskPermissions(viewer, { ...row, teamUserIds }),
  };
}

export type TaskDto = ReturnType<typeof toTaskDto>;
