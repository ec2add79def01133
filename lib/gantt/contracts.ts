/**
 * The Gantt chart's API operations (lib/http/operation.ts), read by app/api/tasks/timeline, the
 * OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { timelineQuerySchema, timelineSchema } from "@/lib/validations/gantt";

export const getTimeline = defineOperation({
  method: "GET",
  path: "/api/tasks/timeline",
  summary: "The Gantt timeline: visible tasks in a date range with their dependencies",
  access: { permission: "tasks.read" },
  query: timelineQuerySchema,
  response: timelineSchema,
});
