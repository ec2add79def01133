/**
 * Availability as API operations (lib/http/operation.ts): my weekly pattern and date exceptions,
 * the managers' approval, the schedule's setting. docs/schedules.md "Availability".
 */
import { defineOperation } from "@/lib/http/operation";
import {
  availabilityRequestSchema,
  decideAvailabilitySchema,
  myAvailabilitySchema,
  pendingAvailabilitySchema,
  scheduleSettingsAnswerSchema,
  scheduleSettingsSchema,
  submitAvailabilitySchema,
} from "@/lib/validations/schedule-planning";

export const getMyAvailability = defineOperation({
  method: "GET",
  path: "/api/availability",
  summary: "My availability",
  description: "The weekly pattern in force, my date exceptions from today, my changes waiting for approval and whether changes need one.",
  access: { permission: "schedule.read" },
  response: myAvailabilitySchema,
});

export const submitAvailability = defineOperation({
  method: "POST",
  path: "/api/availability",
  summary: "Change my availability",
  description: "The weekly pattern (no day) or one date's exception. Pending until a manager approves when the setting asks for approval, else in force at once; it replaces my pending change of the same pattern or date.",
  access: { permission: "schedule.read" },
  body: submitAvailabilitySchema,
  response: availabilityRequestSchema,
  status: 201,
});

export const getPendingAvailability = defineOperation({
  method: "GET",
  path: "/api/availability/pending",
  summary: "Availability changes waiting for my decision",
  description: "Pending changes of the members of the departments I schedule (admins: everyone), oldest first, with what is in force now.",
  access: { permission: "schedule.manage" },
  response: pendingAvailabilitySchema,
});

export const decideAvailability = defineOperation({
  method: "POST",
  path: "/api/availability/[id]/decision",
  summary: "Approve or decline an availability change",
  description: "Approving puts it in force in place of the one before. Approving an approved change again changes nothing.",
  access: { permission: "schedule.manage" },
  body: decideAvailabilitySchema,
  response: availabilityRequestSchema,
  errors: { 409: "The change was already decided otherwise or replaced" },
});

export const withdrawAvailability = defineOperation({
  method: "POST",
  path: "/api/availability/[id]/withdraw",
  summary: "Withdraw my availability change",
  description:
    "A pending change of mine (the weekly pattern or a date), or a date's exception in force from today on (that day reads the weekly pattern again). Audited; the managers of my departments are told. Again: 200, no change.",
  access: { permission: "schedule.read" },
  response: availabilityRequestSchema,
  errors: { 409: "Declined or replaced, the weekly pattern in force, or a past day's exception" },
});

export const updateScheduleSettings = defineOperation({
  method: "PUT",
  path: "/api/schedule/settings",
  summary: "The schedule's settings",
  description: "Whether members' availability changes need a manager's approval.",
  access: { permission: "schedule.manage.all" },
  body: scheduleSettingsSchema,
  response: scheduleSettingsAnswerSchema,
});

export { availabilityRequestSchema, myAvailabilitySchema, pendingAvailabilitySchema, scheduleSettingsAnswerSchema };
