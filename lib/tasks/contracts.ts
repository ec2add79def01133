/**
 * The tasks domain's API operations (lib/http/operation.ts): one descriptor each, read by the
 * handlers in app/api/tasks, the OpenAPI document and the tests.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  addDependencySchema,
  checklistItemPatchSchema,
  checklistItemSchema,
  createTaskSchema,
  dashboardStatsSchema,
  deletedTaskListSchema,
  deletedTasksQuerySchema,
  historySchema,
  listTasksQuerySchema,
  taskDependenciesSchema,
  taskListSchema,
  taskSchema,
  taskCompletedSchema,
  taskUpdatedSchema,
  updateTaskSchema,
} from "@/lib/validations/tasks";
import { taskClockInResultSchema, taskClockOutResultSchema, taskClockSchema } from "@/lib/validations/punch";
import { okSchema } from "@/lib/validations/common";

export const listTasks = defineOperation({
  method: "GET",
  path: "/api/tasks",
  summary: "List tasks",
  access: { permission: "tasks.read" },
  query: listTasksQuerySchema,
  response: taskListSchema,
});

export const createTask = defineOperation({
  method: "POST",
  path: "/api/tasks",
  summary: "Create a task",
  description: "201 with the new task; 200 with the existing task when the same `uuid` was sent before (idempotent retries).",
  access: { permission: "tasks.write" },
  body: createTaskSchema,
  response: taskSchema,
  status: 201,
  errors: {
    409: "A scheduling conflict of the assignee (`hasConflict`, `conflictingTask`), or status `completed` on a task whose checklist is required and not all ticked (`openItems`)",
  },
});

export const getTask = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]",
  summary: "Get a task",
  access: { permission: "tasks.read" },
  response: taskSchema,
});

export const updateTask = defineOperation({
  method: "PATCH",
  path: "/api/tasks/[id]",
  summary: "Update a task",
  access: { permission: "tasks.write" },
  body: updateTaskSchema,
  response: taskUpdatedSchema,
  errors: { 409: "A scheduling conflict of the assignee (`hasConflict`, `conflictingTask`)" },
});

export const deleteTask = defineOperation({
  method: "DELETE",
  path: "/api/tasks/[id]",
  summary: "Delete a task",
  description: "Soft delete (the task and its sub-tasks); admins restore from /admin/deleted.",
  access: { permission: "tasks.write" },
  response: okSchema.extend({ deletedIds: z.array(z.string()) }),
});

export const restoreTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/restore",
  summary: "Restore a deleted task",
  access: { permission: "tasks.restore" },
  response: taskSchema,
  errors: { 409: "The parent task is still deleted (`parentDisplayNumber`)" },
});

export const claimTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/claim",
  summary: "Claim a task open for pickup",
  access: { permission: "tasks.write" },
  response: taskSchema,
  errors: { 409: "Task already assigned" },
});

export const completeTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/complete",
  summary: "Complete a task",
  description:
    "Also stops the caller's own task clock on this task, in the same transaction (`clockedOutOfTask`); other people's clocks on it keep running. A task whose checklist is required is completed only when every item is ticked.",
  access: { permission: "tasks.write" },
  response: taskCompletedSchema,
  errors: { 409: "The checklist is required and not every item is ticked: \"Complete the checklist first\" with `openItems` ({ id, title })" },
});

export const reopenTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/reopen",
  summary: "Reopen a task",
  access: { permission: "tasks.write" },
  response: taskSchema,
});

export const updateChecklistItem = defineOperation({
  method: "PATCH",
  path: "/api/tasks/[id]/checklist/[itemId]",
  summary: "Tick or untick a checklist item",
  description:
    "With `clientUuid` and `deviceTime`, a tick made offline and replayed: recorded at the device time (no later than the server's time, at most 72 hours before it, else 400 naming `deviceTime`); a retry of the same `clientUuid` answers as the first time and writes nothing.",
  access: { permission: "tasks.write" },
  body: checklistItemPatchSchema,
  response: checklistItemSchema,
});

export const listTaskDependencies = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]/dependencies",
  summary: "List a task's dependencies",
  access: { permission: "tasks.read" },
  response: taskDependenciesSchema,
});

export const addTaskDependency = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/dependencies",
  summary: "Add a task dependency",
  description: "Finish-to-start: the task waits for `dependsOnTaskId`. A self link or a cycle is a 400 naming the field. Answers the task's dependencies.",
  access: { permission: "tasks.write" },
  body: addDependencySchema,
  response: taskDependenciesSchema,
});

export const removeTaskDependency = defineOperation({
  method: "DELETE",
  path: "/api/tasks/[id]/dependencies/[dependsOnId]",
  summary: "Remove a task dependency",
  access: { permission: "tasks.write" },
  response: taskDependenciesSchema,
});

export const listTaskHistory = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]/history",
  summary: "A task's history",
  access: { permission: "tasks.read" },
  response: historySchema,
});

export const clockIntoTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/clock-in",
  summary: "Clock into a task",
  description: "Needs an open punch (else 400 with `requiresPunchIn`). A recurring series is refused with 400 (time goes on its occurrences). Clocking into the task already running is a no-op (`created: false`).",
  access: { permission: "punch.use" },
  body: taskClockSchema,
  response: taskClockInResultSchema,
  errors: { 409: "Clocked into another task (`hasConflict`, `conflictingTask`, `activeTask`), the task is completed or cancelled (`status`; reopen it first), or the pay period is locked" },
});

export const clockOutOfTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/clock-out",
  summary: "Clock out of a task",
  access: { permission: "punch.use" },
  body: taskClockSchema,
  response: taskClockOutResultSchema,
  errors: { 409: "Not clocked into this task (`activeTask`), or the pay period is locked" },
});

export const getDashboardStats = defineOperation({
  method: "GET",
  path: "/api/dashboard/stats",
  summary: "Dashboard statistics",
  access: { permission: "dashboard.read" },
  response: dashboardStatsSchema,
});

export const listDeletedTasks = defineOperation({
  method: "GET",
  path: "/api/admin/deleted-tasks",
  summary: "List deleted tasks",
  description: "Newest deletion first, with who deleted each task and whether it went with its parent.",
  access: { permission: "tasks.deleted.read" },
  query: deletedTasksQuerySchema,
  response: deletedTaskListSchema,
});
