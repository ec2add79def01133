/**
 * The processes (workflow templates) domain's API operations (lib/http/operation.ts), read by the
 * handlers in app/api/processes, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import {
  createProcessSchema,
  listProcessesQuerySchema,
  processDetailSchema,
  processListSchema,
  processRunSchema,
  schedulePreviewResultSchema,
  schedulePreviewSchema,
  startProcessSchema,
  updateProcessSchema,
} from "@/lib/validations/processes";

export const listProcesses = defineOperation({
  method: "GET",
  path: "/api/processes",
  summary: "List processes",
  access: { permission: "processes.read" },
  query: listProcessesQuerySchema,
  response: processListSchema,
});

export const createProcess = defineOperation({
  method: "POST",
  path: "/api/processes",
  summary: "Create a process",
  access: { permission: "processes.write" },
  body: createProcessSchema,
  response: processDetailSchema,
  status: 201,
});

export const getProcess = defineOperation({
  method: "GET",
  path: "/api/processes/[id]",
  summary: "Get a process",
  access: { permission: "processes.read" },
  response: processDetailSchema,
});

export const updateProcess = defineOperation({
  method: "PATCH",
  path: "/api/processes/[id]",
  summary: "Update a process",
  access: { permission: "processes.write" },
  body: updateProcessSchema,
  response: processDetailSchema,
});

export const duplicateProcess = defineOperation({
  method: "POST",
  path: "/api/processes/[id]/duplicate",
  summary: "Duplicate a process",
  access: { permission: "processes.write" },
  response: processDetailSchema,
  status: 201,
});

export const startProcess = defineOperation({
  method: "POST",
  path: "/api/processes/[id]/start",
  summary: "Start a process run",
  description: "201 with the run; 200 with the first run when the same `uuid` was sent before (idempotent retries).",
  access: { permission: "processes.start" },
  body: startProcessSchema,
  response: processRunSchema,
  status: 201,
  errors: { 409: "The process is archived, or the run's uuid belongs to another member's run" },
});

export const previewProcessSchedule = defineOperation({
  method: "POST",
  path: "/api/processes/schedule",
  summary: "Preview a process schedule",
  description: "The workflow builder's live preview: each step's start and due day (computes only; writes nothing).",
  access: { permission: "processes.read" },
  body: schedulePreviewSchema,
  response: schedulePreviewResultSchema,
});
