/**
 * The Gantt chart's API operations (lib/http/operation.ts), read by app/api/tasks/timeline, the
 * OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { setTaskDatesSchema, taskDatesSetSchema, timelineQuerySchema, timelineSchema } from "@/lib/validations/gantt";

export const getTimeline = defineOperation({
  method: "GET",
  path: "/api/tasks/timeline",
  summary: "The Gantt timeline: visible tasks in a date range with their dependencies",
  access: { permission: "tasks.read" },
  query: timelineQuerySchema,
  response: timelineSchema,
});

export const setTaskDates = defineOperation({
  method: "PUT",
  path: "/api/tasks/timeline/dates",
  summary: "Set the dates of several tasks at once (the Gantt's Undo of a shift)",
  description:
    "One transaction: every task must be visible to the caller (else 404) and editable by them (else 403), or nothing changes. Each changed task gets a `task.update` audit row. Sending the same dates again changes nothing.",
  access: { permission: "tasks.write" },
  body: setTaskDatesSchema,
  response: taskDatesSetSchema,
});
