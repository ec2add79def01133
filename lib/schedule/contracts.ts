/**
 * Schedules as API operations (lib/http/operation.ts): the week grid, shifts, publishing, one's
 * own schedule and open-shift claims. Read by the handlers in app/api/schedule, the OpenAPI
 * document and the tests. docs/schedules.md.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import {
  createShiftSchema,
  myScheduleQuerySchema,
  myScheduleSchema,
  publishResultSchema,
  publishScheduleSchema,
  savedShiftSchema,
  scheduleWeekSchema,
  shiftDetailSchema,
  shiftSchema,
  updateShiftSchema,
  weekQuerySchema,
} from "@/lib/validations/schedule";
import { claimShiftBodySchema } from "@/lib/validations/swaps";

export const getScheduleWeek = defineOperation({
  method: "GET",
  path: "/api/schedule",
  summary: "A week of the schedule",
  description: "Drafts and published shifts of the departments the caller schedules (admins: all), their members, the week's holidays and the overtime threshold.",
  access: { permission: "schedule.manage" },
  query: weekQuerySchema,
  response: scheduleWeekSchema,
});

export const createShift = defineOperation({
  method: "POST",
  path: "/api/schedule/shifts",
  summary: "Add a shift (a draft)",
  access: { permission: "schedule.manage" },
  description: "Answers the shift with its warnings: the member's approved time off, unavailable time or time outside their availability, and the week's overtime threshold. They do not refuse the shift; an overlap does (409).",
  body: createShiftSchema,
  response: savedShiftSchema,
  status: 201,
  errors: { 409: "The member already has a shift at that time" },
});

export const getShift = defineOperation({
  method: "GET",
  path: "/api/schedule/shifts/[id]",
  summary: "A shift with its history",
  access: { permission: "schedule.manage" },
  response: shiftDetailSchema,
});

export const updateShift = defineOperation({
  method: "PATCH",
  path: "/api/schedule/shifts/[id]",
  summary: "Edit or move a shift",
  description: "A change to a published shift tells its member (and the member it was taken from). Answers the shift with its warnings, as adding one does.",
  access: { permission: "schedule.manage" },
  body: updateShiftSchema,
  response: savedShiftSchema,
  errors: { 409: "The member already has a shift at that time" },
});

export const deleteShift = defineOperation({
  method: "DELETE",
  path: "/api/schedule/shifts/[id]",
  summary: "Delete a shift",
  description: "Deleting a published shift tells its member.",
  access: { permission: "schedule.manage" },
  response: okSchema,
});

export const publishSchedule = defineOperation({
  method: "POST",
  path: "/api/schedule/publish",
  summary: "Publish the drafts of a date range",
  description: "Every member with a shift in it gets one notification listing their shifts.",
  access: { permission: "schedule.manage" },
  body: publishScheduleSchema,
  response: publishResultSchema,
});

export const getMySchedule = defineOperation({
  method: "GET",
  path: "/api/schedule/me",
  summary: "My schedule",
  description: "My published shifts from `from` for four weeks, the open shifts I may claim, and my departments' published shifts (names and times only).",
  access: { permission: "schedule.read" },
  query: myScheduleQuerySchema,
  response: myScheduleSchema,
});

export const claimShift = defineOperation({
  method: "POST",
  path: "/api/schedule/shifts/[id]/claim",
  summary: "Claim an open shift",
  description:
    "For members of the shift's department who are free at that time; two claims, one winner. With clientUuid + deviceTime, a claim made on a phone without a signal, replayed through the offline ledger: a retry of the uuid answers the first answer.",
  access: { permission: "schedule.read" },
  body: claimShiftBodySchema,
  response: shiftSchema,
  errors: { 409: "Someone claimed it first, or you have a shift at that time" },
});

/** The answers' schemas, for the services' return types and the screens' (z.output<typeof …>). */
export { myScheduleSchema, publishResultSchema, savedShiftSchema, scheduleWeekSchema, shiftDetailSchema, shiftSchema };
