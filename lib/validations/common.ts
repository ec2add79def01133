/** Answer shapes every domain shares (the operation descriptors' response schemas build on them). */
import { z } from "zod";

/**
 * Dates travel as ISO 8601 strings. A handler may hand over a Date (`z.input` of a response
 * schema, what route() types the handler's result with), which JSON sends as that string; parsing
 * turns a Date into the same string, so the output type and the OpenAPI answer stay `string`.
 */
export const isoDateTime = z
  .codec(z.union([z.string(), z.date()]), z.string(), {
    decode: (value) => (typeof value === "string" ? value : value.toISOString()),
    encode: (value) => value,
  })
  .describe("ISO 8601 date-time");

/** `{ ok: true }`: a write with nothing more to say. Extend it when the answer carries more. */
export const okSchema = z.object({ ok: z.literal(true) });

/** Every error: flat, `{ message, code }` plus route-specific fields (e.g. missingScope, retryAfterSeconds). */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string().describe("BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED ..."),
});
