/**
 * Answer shapes for the OpenAPI document where no domain file declares one yet. Each lists the
 * fields an integration relies on; more fields may come (additional properties are allowed).
 * tests/integration/api-keys/openapi.test.ts checks real answers against them with ajv.
 */
import { z } from "zod";

const isoDateTime = z.string().describe("ISO 8601 date-time");

/** Every error: flat, `{ message, code }` plus route-specific fields (e.g. missingScope, retryAfterSeconds). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string().describe("BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED ..."),
});

export const okSchema = z.looseObject({ ok: z.literal(true) });

const taskRef = z.looseObject({ id: z.string(), displayNumber: z.number().int(), title: z.string() });

export const taskSchema = z.looseObject({
  id: z.string(),
  displayNumber: z.number().int(),
  uuid: z.string().nullable(),
  title: z.string(),
  priority: z.string(),
  status: z.string(),
  organizationalUnitId: z.string().nullable(),
  assigneeType: z.string().nullable(),
  assigneeId: z.string().nullable(),
  projectId: z.string().nullable(),
  parentTaskId: z.string().nullable(),
  startDate: isoDateTime.nullable(),
  dueDate: isoDateTime.nullable(),
  isPrivate: z.boolean(),
  availableForPickup: z.boolean(),
  checklist: z.array(z.looseObject({ id: z.string() })),
  createdById: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
  subTaskCount: z.number().int(),
  permissions: z.record(z.string(), z.boolean()),
});

export const taskListSchema = z.looseObject({
  items: z.array(taskSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const punchStatusSchema = z.object({
  isPunchedIn: z.boolean(),
  lastPunchIn: isoDateTime.nullable(),
  activeTask: taskRef.extend({ startedAt: isoDateTime }).nullable(),
});
