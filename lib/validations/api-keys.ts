import { z } from "zod";
import { API_SCOPES } from "@/lib/api-keys/scopes";
import { UUID_PATTERN } from "./ids";
import { text } from "./text";
import { dateString } from "./dates";

/** API key bodies, queries and response shapes, shared by the /admin/api screen, the handlers and the OpenAPI document. */

export const API_KEY_NAME_REQUIRED = "Name is required";
export const API_KEY_SCOPES_REQUIRED = "Choose at least one scope";
export const API_KEY_EXPIRY_PAST = "The expiry must be in the future";
export const API_KEY_GRACE_MAX_MINUTES = 7 * 24 * 60;

const blankToNull = (value: unknown) => (value === "" ? null : value);

const fields = {
  name: text({ error: API_KEY_NAME_REQUIRED }).trim().min(1, API_KEY_NAME_REQUIRED).max(100, "Name must be at most 100 characters"),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "is not a known scope" }), { error: API_KEY_SCOPES_REQUIRED })
    .min(1, API_KEY_SCOPES_REQUIRED)
    .transform((scopes) => [...new Set(scopes)].sort()),
  rateLimitPerMinute: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(100_000, "must be at most 100000"),
};

export const createApiKeySchema = z.object({
  name: fields.name,
  scopes: fields.scopes,
  /** The member whose permissions the key has; omitted: the acting member of the newest key (the integration member picked before). */
  actingUserId: z.preprocess(blankToNull, z.string().regex(UUID_PATTERN, "must be a valid member").nullish()),
  expiresAt: z.preprocess(
    blankToNull,
    dateString("Expiry must be a valid date").nullish(),
  ),
  rateLimitPerMinute: fields.rateLimitPerMinute.optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeySchema>;
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

export const updateApiKeySchema = z
  .object({ name: fields.name.optional(), scopes: fields.scopes.optional(), rateLimitPerMinute: fields.rateLimitPerMinute.optional() })
  .refine((v) => v.name !== undefined || v.scopes !== undefined || v.rateLimitPerMinute !== undefined, "Nothing to change");
export type UpdateApiKeyBody = z.input<typeof updateApiKeySchema>;

export const rotateApiKeySchema = z.object({
  /** How long the old secret keeps working, in minutes (0: not at all). */
  graceMinutes: z.coerce
    .number()
    .int("must be a whole number of minutes")
    .min(0, "cannot be negative")
    .max(API_KEY_GRACE_MAX_MINUTES, "must be at most 7 days")
    .default(0),
});
export type RotateApiKeyBody = z.input<typeof rotateApiKeySchema>;

export const listApiKeysQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

// ------------------------------------------------------------------ responses

export const API_KEY_STATUSES = ["active", "revoked", "expired", "disabled"] as const;

const isoDateTime = z.string().describe("ISO 8601 date-time");
const person = z.object({ id: z.string(), name: z.string() });

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  status: z.enum(API_KEY_STATUSES),
  actingMember: person.extend({ role: z.string(), isActive: z.boolean() }),
  createdBy: person,
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
  lastUsedIp: z.string().nullable(),
  expiresAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  /** While a rotation's grace period runs, the previous secret works until then. */
  previousSecretValidUntil: isoDateTime.nullable(),
  rateLimitPerMinute: z.number().int(),
  /** Requests per business day, oldest first, the last 7 days ending today. */
  usage: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  items: z.array(apiKeySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** Create and rotate answer with the key and its secret, shown once. */
export const apiKeySecretSchema = z.object({ key: apiKeySchema, secret: z.string().describe("bfs_<prefix>_<secret>, shown once") });
export type ApiKeyWithSecret = z.infer<typeof apiKeySecretSchema>;
