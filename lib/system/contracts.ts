/**
 * The operational routes as API operations (lib/http/operation.ts): liveness, readiness, this
 * OpenAPI document, the jobs test hook, and the JSON 404 for any /api path no handler serves.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import { jobRunSchema, openApiDocumentSchema, readinessSchema } from "@/lib/validations/system";

export const checkHealth = defineOperation({
  method: "GET",
  path: "/api/health",
  summary: "Liveness",
  description: "200 whenever the process answers; touches nothing else.",
  access: { public: true },
  response: okSchema,
});

export const checkReadiness = defineOperation({
  method: "GET",
  path: "/api/ready",
  summary: "Readiness",
  description: "200 when this instance should get traffic: the database answers, every migration is applied, and it is not shutting down.",
  access: { public: true },
  response: readinessSchema,
  errors: { 503: "Not ready (the same body, with the reason; Retry-After: 5)" },
});

export const getOpenApiDocument = defineOperation({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This OpenAPI document",
  access: { public: true },
  response: openApiDocumentSchema,
});

export const runJob = defineOperation({
  method: "POST",
  path: "/api/test-hooks/jobs/[name]",
  summary: "Run a background job (tests only)",
  description: "Body `{ now?, seriesId? }` (runJobBodySchema), read after the hooks check so a disabled hook is a plain 404.",
  access: { permission: "jobs.run" },
  response: jobRunSchema,
  internal: "enabled only where ENABLE_TEST_HOOKS allows it",
});

const UNKNOWN_PATH = {
  path: "/api/[...path]",
  summary: "Unknown /api path (404)",
  access: { public: true },
  /** Never a success: every call is the flat 404. */
  response: z.never(),
  internal: "the 404 answer for every unknown /api path",
} as const;

export const unknownPathGet = defineOperation({ method: "GET", ...UNKNOWN_PATH });
export const unknownPathPost = defineOperation({ method: "POST", ...UNKNOWN_PATH });
export const unknownPathPut = defineOperation({ method: "PUT", ...UNKNOWN_PATH });
export const unknownPathPatch = defineOperation({ method: "PATCH", ...UNKNOWN_PATH });
export const unknownPathDelete = defineOperation({ method: "DELETE", ...UNKNOWN_PATH });
