import { z } from "zod";
import { PUNCH_LOCATION, PUNCH_OUT_REASONS } from "@/lib/constants";
import { PunchSource } from "@/lib/generated/prisma/enums";
import { OTHER_REASON, REASON_OTHER_MAX_LENGTH } from "@/lib/punch/reason";
import { isoDateTime } from "./common";
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

/** POST /api/auth/punch/in: location is "desktop", "mobile" or a QR post's name (e.g. "facility"). */
export const punchInSchema = z.object({
  location: locationField,
  source: sourceField,
});
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
  })
  .superRefine((value, ctx) => {
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

/** The task named in a 409 and in the punch status (spec §3 "Active task"); a private task the caller may not see is titled "a private task". */
export const activeTaskSchema = z.object({ id: z.string(), displayNumber: z.number().int(), title: z.string() });

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

/** POST /api/auth/punch/out-with-reason. */
export const punchOutResultSchema = z.object({
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
