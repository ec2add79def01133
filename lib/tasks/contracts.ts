/**
 * The tasks domain's API operations (lib/http/operation.ts): one descriptor each, read by the
 * handlers in app/api/tasks, the OpenAPI document and the tests.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { createTaskSchema, listTasksQuerySchema, taskCompletedSchema, taskListSchema, taskSchema, taskUpdatedSchema, updateTaskSchema } from "@/lib/validations/tasks";
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
  errors: { 409: "A scheduling conflict of the assignee (`hasConflict`, `conflictingTask`)" },
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

export const completeTask = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/complete",
  summary: "Complete a task",
  description: "Also stops the caller's own task clock on this task, in the same transaction (`clockedOutOfTask`); other people's clocks on it keep running.",
  access: { permission: "tasks.write" },
  response: taskCompletedSchema,
});
