import { z } from "zod";
import { isoDateTime } from "./common";
import { PUNCH_LOCATION, PUNCH_OUT_REASONS } from "@/lib/constants";
import { PunchSource } from "@/lib/generated/prisma/enums";
import { OTHER_REASON, REASON_OTHER_MAX_LENGTH } from "@/lib/punch/reason";
import { offlineBothOrNeither, offlineWriteFields } from "./offline";
import { multilineText, text } from "./text";

/** Shared by the punch screens and the punch / task-clock route handlers. */

export const PUNCH_LOCATION_MAX_LENGTH = 100;
/** The QR post printed by default (spec §2: location defaults to facility). */
export const DEFAULT_QR_LOCATION = "facility";

const locationField = text({ error: (issue) => (issue.input === undefined ? "location is required" : "location must be text") })
  .trim()
  .min(1, "location is required")
  .max(PUNCH_LOCATION_MAX_LENGTH, `location must be at most ${PUNCH_LOCATION_MAX_LENGTH} characters`);

const sourceField = z.enum(PunchSource, { error: 'source must be "desktop", "mobile" or "qr"' }).optional();

/** An offline replay (lib/offline): clientUuid + deviceTime, both or neither. */
const offlineFields = offlineWriteFields;
const bothOrNeither = offlineBothOrNeither;

/** POST /api/auth/punch/in: location is "desktop", "mobile" or a QR post's name (e.g. "facility"). */
export const punchInSchema = z
  .object({
    location: locationField,
    source: sourceField,
    ...offlineFields,
  })
  .superRefine(bothOrNeither);
export type PunchInInput = z.infer<typeof punchInSchema>;

/**
 * POST /api/auth/punch/out-with-reason. reasonOther is required when the reason is Other and
 * dropped otherwise (spec §5: the extra text is kept only for Other).
 */
export const punchOutSchema = z
  .object({
    location: locationField,
    source: sourceField,
    reason: z.enum(PUNCH_OUT_REASONS, { error: `reason must be one of: ${PUNCH_OUT_REASONS.join(", ")}` }),
    reasonOther: multilineText({ error: "reasonOther must be text" })
      .trim()
      .max(REASON_OTHER_MAX_LENGTH, `reasonOther must be at most ${REASON_OTHER_MAX_LENGTH} characters`)
      .nullish(),
    /** Also clocks the caller out of the task they are clocked into (the 409's "Punch Out Anyway"). */
    forceClockOut: z.boolean({ error: "forceClockOut must be true or false" }).optional().default(false),
    ...offlineFields,
  })
  .superRefine((value, ctx) => {
    bothOrNeither(value, ctx);
    if (value.reason === OTHER_REASON && !value.reasonOther) {
      ctx.addIssue({ code: "custom", path: ["reasonOther"], message: "reasonOther is required when the reason is Other" });
    }
  })
  .transform(({ reasonOther, ...rest }) => ({
    ...rest,
    reasonOther: rest.reason === OTHER_REASON ? (reasonOther ?? null) : null,
  }));
export type PunchOutInput = z.infer<typeof punchOutSchema>;

/** POST /api/tasks/{id}/clock-in and clock-out: where from (optional; the header sends desktop). */
export const taskClockSchema = z.object({
  location: locationField.default(PUNCH_LOCATION),
  source: sourceField,
});
export type TaskClockInput = z.infer<typeof taskClockSchema>;

/** A QR post's name goes into a URL and onto paper: letters, digits, spaces, dots, dashes, underscores. */
const qrLocationField = text()
  .trim()
  .regex(/^[\w .-]{1,50}$/, "location must be 1-50 letters, digits, spaces, dots, dashes or underscores");

export const punchQrPdfQuerySchema = z.object({
  location: qrLocationField.default(DEFAULT_QR_LOCATION),
});

/** POST /api/admin/punch-stations/rotate: void a post's printed codes. */
export const rotatePunchStationSchema = z.object({
  location: text({ error: "location is required" }).pipe(qrLocationField),
});

// ------------------------------------------------------------------ answers (the JSON on the wire)

/** The task named in a 409 and in the punch status (spec §3 "Active task"); a private task the caller may not see is titled `PRIVATE_TASK_TITLE` (lib/tasks/task-title.ts). */
export const activeTaskSchema = z.object({ id: z.string(), displayNumber: z.number().int().nullable(), title: z.string() });

/** The task the caller is clocked into, with when that clock started. */
const runningTaskSchema = activeTaskSchema.extend({ startedAt: isoDateTime });

/**
 * The running task clock in the punch status: when someone completed the task while (or before)
 * the caller's clock runs on it, when and by whom (a name; null when not completed), so the
 * header can say so on its next poll. Completing stops only the completer's own clock.
 */
const statusTaskSchema = runningTaskSchema.extend({
  completedAt: isoDateTime.nullable(),
  completedBy: z.string().nullable(),
});

/** GET /api/auth/punch/status, and POST /api/auth/punch/in's answer. */
export const punchStatusSchema = z.object({
  isPunchedIn: z.boolean(),
  /** The open punch's start when punched in; otherwise the most recent punch-in, or null if never. The timer counts from it. */
  lastPunchIn: isoDateTime.nullable(),
  activeTask: statusTaskSchema.nullable(),
});

/**
 * GET /api/auth/punch/status: the status and the bell's unread count (`unreadAlerts`, my open
 * alerts not yet read), so a signed-in tab polls once every 5 s, not twice (docs/alerts.md).
 */
export const punchPollSchema = punchStatusSchema.extend({
  unreadAlerts: z.number().int().min(0),
});

/** POST /api/auth/punch/out-with-reason. */
export const punchOutResultBaseSchema = z.object({
  isPunchedIn: z.literal(false),
  lastPunchIn: isoDateTime,
  punchOutAt: isoDateTime,
  reason: z.enum(PUNCH_OUT_REASONS),
  reasonOther: z.string().nullable(),
  activeTask: z.null(),
  /** The task clock that `forceClockOut` closed in the same transaction, if any. */
  clockedOutOfTask: activeTaskSchema.nullable(),
});

const timeEntrySchema = z.object({
  id: z.string(),
  taskId: z.string(),
  punchSessionId: z.string(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  source: z.enum(PunchSource),
  location: z.string().nullable(),
  endedByForce: z.boolean(),
});

/** POST /api/tasks/{id}/clock-in: `created` false when the caller was already clocked into this task. */
export const taskClockInResultSchema = z.object({ created: z.boolean(), entry: timeEntrySchema, activeTask: runningTaskSchema.nullable() });

/** POST /api/tasks/{id}/clock-out. */
export const taskClockOutResultSchema = z.object({ entry: timeEntrySchema, activeTask: z.null() });

/** POST /api/admin/punch-stations/rotate: the post and its new key version (codes printed before it no longer work). */
export const punchStationRotatedSchema = z.object({ location: z.string(), keyVersion: z.number().int() });
export const PUNCH_POST_NAME_MAX_LENGTH = 100;
export const PUNCH_POST_PLACE_MAX_LENGTH = 200;

const optionalText = (field: string, max: number) =>
  text({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/admin/punch-posts: a new post. `location` is what its QR code carries (it never changes). */
export const createPunchPostSchema = z.object({
  location: text({ error: "location is required" }).pipe(qrLocationField),
  name: optionalText("name", PUNCH_POST_NAME_MAX_LENGTH),
  place: optionalText("place", PUNCH_POST_PLACE_MAX_LENGTH),
});
export type CreatePunchPostInput = z.infer<typeof createPunchPostSchema>;

/** PATCH /api/admin/punch-posts/{id}: rename it or say where it hangs (blank clears). */
export const updatePunchPostSchema = z
  .object({
    name: optionalText("name", PUNCH_POST_NAME_MAX_LENGTH).optional(),
    place: optionalText("place", PUNCH_POST_PLACE_MAX_LENGTH).optional(),
  })
  .refine((value) => value.name !== undefined || value.place !== undefined, { message: "name or place is required", path: ["name"] });
export type UpdatePunchPostInput = z.infer<typeof updatePunchPostSchema>;

/** One punch post as the admin screen shows it. */
export const punchPostSchema = z.object({
  id: z.string(),
  location: z.string(),
  name: z.string().nullable(),
  place: z.string().nullable(),
  keyVersion: z.number().int(),
  lastPrintedAt: isoDateTime.nullable(),
  rotatedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type PunchPost = z.infer<typeof punchPostSchema>;

export const punchPostListSchema = z.object({ items: z.array(punchPostSchema) });


/**
 * `offline` in the answer of an offline replay of punch in / punch out (clientUuid + deviceTime):
 * 201 / 200 "recorded", or 202 "correction-requested" (then the rest of the body is the status).
 */
export const offlineReplayInfoSchema = z.object({
  clientUuid: z.string(),
  outcome: z.enum(["recorded", "correction-requested"]),
  deviceTime: isoDateTime,
  recordedOfflineAt: isoDateTime,
  correctionRequestId: z.string().nullable(),
  message: z.string(),
});

/** POST /api/auth/punch/in: the status, and for an offline replay what became of it (201 recorded, 202 a correction request). */
export const punchInResultSchema = punchStatusSchema.extend({ offline: offlineReplayInfoSchema.optional() });

/** POST /api/auth/punch/out-with-reason: the punch-out; for an offline replay that became a correction request (202), the status. */
export const punchOutResultSchema = z.union([
  punchOutResultBaseSchema.extend({ offline: offlineReplayInfoSchema.optional() }),
  punchStatusSchema.extend({ offline: offlineReplayInfoSchema }),
]);
