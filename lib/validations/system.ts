import { z } from "zod";

/** Answers of the operational routes: readiness, the OpenAPI document, the jobs test hook. */

/** GET /api/ready: 200 when this instance should get traffic, else 503 with the same body. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  database: z.enum(["up", "down"]),
  /** Migrations on disk that the database has not applied. */
  pendingMigrations: z.array(z.string()),
  shuttingDown: z.boolean(),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document (its own shape is OpenAPI's, not ours). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** POST /api/test-hooks/jobs/{name}: the job's name and whatever the job reports. */
export const jobRunSchema = z.object({ job: z.string(), result: z.unknown() });
