import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db";
import type { TaskViewer } from "@/lib/services/visibility/tasks";
import { visibleTaskSql } from "@/lib/services/visibility/tasks";
import type { DetailRow, ListRow } from "./task-shape";

/**
 * Tasks as read (the shapes of `taskSelect()` and `taskDetailSelect()`), one statement each.
 * Prisma without relation joins reads each relation with a query of its own (thirteen
 * statements for a page of the list, fourteen for one task), and their client-side cost was
 * most of the list's time at 100k tasks; the database answers each in well under a
 * millisecond. The relations come back as JSON under Prisma's field names, each from a scalar
 * subquery: the same read with eight joins cost the planner 8 ms per request searching join
 * orders, this form 2 ms. tests/integration/tasks/task-rows.test.ts holds both reads equal to
 * Prisma's own, so a field added to the selects and not here fails it.
 */

/** A user's name card (or null) by the id in `column`. */
const person = (column: string) =>
  Prisma.raw(`(SELECT json_build_object('id', x.id, 'firstName', x.first_name, 'lastName', x.last_name) FROM users x WHERE x.id = ${column})`);

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The columns and relations of `taskSelect()`, for the task `t`. */
const ROW_COLUMNS = Prisma.sql`
      t.id, t.display_number AS "displayNumber", t.uuid, t.title, t.priority::text AS priority, t.status::text AS status,
      t.organizational_unit_id AS "organizationalUnitId", t.assignee_type::text AS "assigneeType", t.assignee_id AS "assigneeId",
      t.vendor_id AS "vendorId", t.project_id AS "projectId", t.parent_task_id AS "parentTaskId", t.start_date AS "startDate",
      t.due_date AS "dueDate", t.estimated_minutes AS "estimatedMinutes", t.available_for_pickup AS "availableForPickup",
      t.is_private AS "isPrivate", t.has_checklist AS "hasChecklist", t.checklist_required AS "checklistRequired", t.is_recurring AS "isRecurring",
      t.recurring_pattern::text AS "recurringPattern", t.recurring_interval AS "recurringInterval",
      t.recurring_end_type::text AS "recurringEndType", t.recurring_end_date AS "recurringEndDate",
      t.recurring_max_count AS "recurringMaxCount", coalesce(t.recurring_days_of_week, '{}') AS "recurringDaysOfWeek",
      t.recurring_monthly_type::text AS "recurringMonthlyType", t.exclude_weekends AS "excludeWeekends",
      t.exclude_holidays AS "excludeHolidays", t.holiday_calendar AS "holidayCalendar", t.recurring_schedule AS "recurringSchedule",
      t.created_by_id AS "createdById", t.recurrence_source_id AS "recurrenceSourceId", t.occurrence_index AS "occurrenceIndex",
      t.occurrence_late AS "occurrenceLate", t.completed_at AS "completedAt", t.deleted_at AS "deletedAt",
      t.created_at AS "createdAt", t.updated_at AS "updatedAt",
      (SELECT json_build_object('id', u.id, 'name', u.name, 'unitNumber', u.unit_number)
        FROM organizational_units u WHERE u.id = t.organizational_unit_id) AS "organizationalUnit",
      ${person("t.assignee_id")} AS assignee,
      (SELECT json_build_object('id', v.id, 'name', v.name) FROM vendors v WHERE v.id = t.vendor_id) AS vendor,
      (SELECT json_build_object('id', p.id, 'name', p.name) FROM projects p WHERE p.id = t.project_id) AS project,
      (SELECT json_build_object('id', pt.id, 'displayNumber', pt.display_number, 'title', pt.title, 'isPrivate', pt.is_private,
          'createdById', pt.created_by_id, 'deletedAt', pt.deleted_at)
        FROM tasks pt WHERE pt.id = t.parent_task_id) AS "parentTask",
      ${person("t.created_by_id")} AS "createdBy", ${person("t.completed_by_id")} AS "completedBy", ${person("t.deleted_by_id")} AS "deletedBy",
      (SELECT coalesce(json_agg(json_build_object('userId', a.user_id, 'isLead', a.is_lead,
          'user', json_build_object('id', x.id, 'firstName', x.first_name, 'lastName', x.last_name))
          ORDER BY a.is_lead DESC, a.created_at, a.user_id), '[]')
        FROM task_assignments a JOIN users x ON x.id = a.user_id WHERE a.task_id = t.id) AS assignments,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'position', c.position,
          'isCompleted', c.is_completed, 'completedAt', c.completed_at) ORDER BY c.position), '[]')
        FROM checklist_items c WHERE c.task_id = t.id) AS "checklistItems"`;

/** A page of list rows and their visible sub-task counts (GET /api/tasks). */
export async function loadListRows(client: Db, viewer: TaskViewer, ids: string[]): Promise<Array<{ row: ListRow; subTaskCount: number }>> {
  if (ids.length === 0) return [];
  const rows = await client.$queryRaw<Array<ListRow & { subTaskCount: number }>>(Prisma.sql`
    SELECT ${ROW_COLUMNS},
      (SELECT count(*)::int FROM tasks s WHERE s.parent_task_id = t.id AND ${visibleTaskSql(viewer, "s")}) AS "subTaskCount"
    FROM tasks t
    WHERE t.id = ANY(${ids}::uuid[])`);
  return rows.map(({ subTaskCount, ...row }) => ({ row: withDates(row), subTaskCount }));
}

/** One task as its page and every write's answer show it, with its description and visible sub-tasks; null when the viewer may not see it. */
export async function loadDetailRow(client: Db, viewer: TaskViewer, id: string): Promise<DetailRow | null> {
  const rows = await client.$queryRaw<DetailRow[]>(Prisma.sql`
    SELECT ${ROW_COLUMNS}, t.description,
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'displayNumber', s.display_number, 'title', s.title,
          'status', s.status, 'dueDate', s.due_date, 'priority', s.priority, 'isPrivate', s.is_private,
          'assignee', ${person("s.assignee_id")},
          'vendor', (SELECT json_build_object('id', v.id, 'name', v.name) FROM vendors v WHERE v.id = s.vendor_id))
          ORDER BY s.due_date, s.display_number), '[]')
        FROM (SELECT * FROM tasks s WHERE s.parent_task_id = t.id AND ${visibleTaskSql(viewer, "s")}
              ORDER BY s.due_date, s.display_number LIMIT 200) s) AS "subTasks"
    FROM tasks t
    WHERE t.id = ${id}::uuid AND ${visibleTaskSql(viewer, "t")}`);
  const row = rows[0];
  return row ? { ...withDates(row), subTasks: row.subTasks.map((sub) => ({ ...sub, dueDate: new Date(sub.dueDate) })) } : null;
}

/** JSON carries timestamps as text; Prisma's reads give Dates. */
function withDates<T extends ListRow>(row: T): T {
  return {
    ...row,
    parentTask: row.parentTask && { ...row.parentTask, deletedAt: dateOrNull(row.parentTask.deletedAt) },
    checklistItems: row.checklistItems.map((item) => ({ ...item, completedAt: dateOrNull(item.completedAt) })),
  };
}
