/**
 * The recurring series' API operations (lib/http/operation.ts), read by app/api/recurring-tasks,
 * the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { listSeriesQuerySchema, previewRuleSchema, rulePreviewSchema, seriesPageSchema, seriesSchema } from "@/lib/validations/recurrence";
import { listTasksQuerySchema, taskListSchema } from "@/lib/validations/tasks";

export const listSeries = defineOperation({
  method: "GET",
  path: "/api/recurring-tasks",
  summary: "List recurring series",
  access: { permission: "tasks.read" },
  query: listSeriesQuerySchema,
  response: seriesPageSchema,
});

export const previewRule = defineOperation({
  method: "POST",
  path: "/api/recurring-tasks/preview",
  summary: "Preview a recurrence rule",
  description: "The next dates of a rule and the rule in words (the task form's live preview). Reads and writes nothing.",
  access: { permission: "tasks.read" },
  body: previewRuleSchema,
  response: rulePreviewSchema,
});

export const getSeries = defineOperation({
  method: "GET",
  path: "/api/recurring-tasks/[id]",
  summary: "Get a recurring series",
  access: { permission: "tasks.read" },
  response: seriesSchema,
});

export const listOccurrences = defineOperation({
  method: "GET",
  path: "/api/recurring-tasks/[id]/occurrences",
  summary: "List a series' occurrences",
  access: { permission: "tasks.read" },
  query: listTasksQuerySchema,
  response: taskListSchema,
});

const SERIES_ENDED = { 409: "The series has ended" } as const;

export const pauseSeries = defineOperation({
  method: "POST",
  path: "/api/recurring-tasks/[id]/pause",
  summary: "Pause a recurring series",
  access: { permission: "tasks.write" },
  response: seriesSchema,
  errors: SERIES_ENDED,
});

export const resumeSeries = defineOperation({
  method: "POST",
  path: "/api/recurring-tasks/[id]/resume",
  summary: "Resume a recurring series",
  access: { permission: "tasks.write" },
  response: seriesSchema,
  errors: SERIES_ENDED,
});

export const endSeries = defineOperation({
  method: "POST",
  path: "/api/recurring-tasks/[id]/end",
  summary: "End a recurring series",
  description: "Final; repeating it is harmless.",
  access: { permission: "tasks.write" },
  response: seriesSchema,
});
