import { z } from "zod";
import { isoDateTime } from "./common";
import { alertSchema } from "./alerts";
import { caseEventSchema, caseSummarySchema } from "./cases";
import { punchInResultSchema, punchOutResultSchema } from "./punch";
import { shiftSchema } from "./schedule";
import { taskSchema } from "./tasks";
import { text } from "./text";

/** Outgoing webhooks (docs/api.md "Webhooks"): subscription bodies, answers, and each event's payload. */

export const WEBHOOK_EVENT_TYPES = [
  "task.created",
  "task.updated",
  "task.completed",
  "punch.in",
  "punch.out",
  "case.scanned",
  "case.returned",
  "alert.raised",
  "shift.published",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "task.created": "A task is created",
  "task.updated": "A task is changed",
  "task.completed": "A task is completed",
  "punch.in": "A member punches in",
  "punch.out": "A member punches out",
  "case.scanned": "A memorial case is scanned at a station",
  "case.returned": "A memorial case is returned to the family",
  "alert.raised": "An alert rule raises an alert",
  "shift.published": "A schedule is published",
};

export const WEBHOOK_URL_HTTPS = "URL must start with https://";
export const WEBHOOK_EVENTS_REQUIRED = "Choose at least one event";

const url = text({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "URL must be at most 2000 characters")
  .refine((value) => URL.canParse(value), "URL must be a valid address")
  .refine((value) => !URL.canParse(value) || new URL(value).protocol === "https:", WEBHOOK_URL_HTTPS)
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), "URL must not contain a user name or password");

const fields = {
  url,
  description: text().trim().max(200, "must be at most 200 characters"),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "is not a known event" }), { error: WEBHOOK_EVENTS_REQUIRED })
    .min(1, WEBHOOK_EVENTS_REQUIRED)
    .transform((types) => [...new Set(types)].sort()),
};

export const createWebhookSchema = z.object({ url: fields.url, description: fields.description.default(""), eventTypes: fields.eventTypes });
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;
export type CreateWebhookBody = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: fields.url.optional(),
    description: fields.description.optional(),
    eventTypes: fields.eventTypes.optional(),
    /** true re-enables a disabled subscription (its failure count starts again); false pauses it. */
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change");
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

/** The longest overlap of a rolled secret: 7 days, as an API key's grace. */
export const WEBHOOK_OVERLAP_MAX_MINUTES = 7 * 24 * 60;
export const rotateWebhookSecretSchema = z.object({
  /** How long the old secret keeps signing beside the new one, in minutes (0: not at all; default 24 hours). */
  overlapMinutes: z.coerce
    .number()
    .int("must be a whole number of minutes")
    .min(0, "cannot be negative")
    .max(WEBHOOK_OVERLAP_MAX_MINUTES, "must be at most 7 days")
    .default(24 * 60),
});
export type RotateWebhookSecretBody = z.input<typeof rotateWebhookSecretSchema>;
export type RotateWebhookSecretInput = z.output<typeof rotateWebhookSecretSchema>;

export const listWebhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

// ------------------------------------------------------------------ responses

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  /** The secret's first characters, to tell which one a receiver holds. */
  secretHint: z.string(),
  /** After a roll: until when the old secret still signs beside the new one (null: only the current secret signs). */
  previousSecretExpiresAt: isoDateTime.nullable(),
  status: z.enum(["active", "paused", "disabled"]),
  disabledAt: isoDateTime.nullable(),
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: isoDateTime,
  lastDelivery: z.object({ status: z.string(), at: isoDateTime, statusCode: z.number().int().nullable() }).nullable(),
});
export type WebhookView = z.output<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

/** Create and rotate: the subscription and its signing secret, shown this once. */
export const webhookSecretSchema = z.object({ webhook: webhookSchema, secret: z.string().describe("whsec_…, shown once") });

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: isoDateTime,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** The most recent attempts, newest first (at most 10). */
  log: z.array(webhookAttemptSchema),
});

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// ------------------------------------------------------------------ event payloads

/**
 * What each event's `data` holds: the API's answer for the thing (a task as GET /api/tasks/{id}
 * answers it; the punch clock's answer) plus who it is about. Someone's private task is
 * withheld as the API withholds it: only `{ id, displayNumber, isPrivate: true }`.
 */
export const redactedTaskSchema = z.object({ id: z.string(), displayNumber: z.number().int().nullable(), isPrivate: z.literal(true) });
const taskEventData = z.object({ task: z.union([taskSchema.omit({ permissions: true }), redactedTaskSchema]) });
const member = z.object({ id: z.string(), name: z.string() });
/** A case scan as POST /api/cases/{ref}/scans answers it, less `created` (an event is written only for a new scan). */
const caseScanData = z.object({ case: caseSummarySchema, event: caseEventSchema, overrideEvent: caseEventSchema.nullable() });

export const WEBHOOK_EVENT_DATA = {
  "task.created": taskEventData,
  "task.updated": taskEventData,
  "task.completed": taskEventData,
  "punch.in": z.object({ member, punchId: z.string(), punch: punchInResultSchema }),
  "punch.out": z.object({ member, punchId: z.string(), punch: punchOutResultSchema }),
  /** The alert as the admins' alert list answers it (less the reader's `read`); a private task's title is "Private task". */
  "alert.raised": z.object({ alert: alertSchema.omit({ read: true }) }),
  "case.scanned": caseScanData,
  "case.returned": caseScanData,
  /** One event per publication: who published, the days and department it covered, and the shifts it published (as the schedule's week answers them). */
  "shift.published": z.object({
    publicationId: z.string(),
    publishedBy: member,
    from: z.string().describe("yyyy-MM-dd"),
    to: z.string().describe("yyyy-MM-dd"),
    unitId: z.string().nullable(),
    shifts: z.array(shiftSchema),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** The body of every webhook request. */
export const webhookEnvelopeSchema = z.object({
  id: z.string().describe("The event id: the same on every retry; deduplicate on it"),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: isoDateTime,
  data: z.record(z.string(), z.unknown()),
});
