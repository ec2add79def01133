/**
 * Answer shapes for the OpenAPI document where no domain file declares one yet. Each lists the
 * fields an integration relies on; more fields may come (additional properties are allowed).
 * tests/integration/api-keys/openapi.test.ts checks real answers against them with ajv.
 */
import { z } from "zod";

const isoDateTime = z.string().describe("ISO 8601 date-time");

const taskRef = z.looseObject({ id: z.string(), displayNumber: z.number().int(), title: z.string() });

export const punchStatusSchema = z.object({
  isPunchedIn: z.boolean(),
  lastPunchIn: isoDateTime.nullable(),
  activeTask: taskRef.extend({ startedAt: isoDateTime }).nullable(),
});
