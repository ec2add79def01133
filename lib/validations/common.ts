/** Answer shapes every domain shares (the operation descriptors' response schemas build on them). */
import { z } from "zod";

/** Dates travel as ISO 8601 strings. */
export const isoDateTime = z.string().describe("ISO 8601 date-time");

/** `{ ok: true }`: a write with nothing more to say. Extend it when the answer carries more. */
export const okSchema = z.object({ ok: z.literal(true) });

/** Every error: flat, `{ message, code }` plus route-specific fields (e.g. missingScope, retryAfterSeconds). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string().describe("BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED ..."),
});
