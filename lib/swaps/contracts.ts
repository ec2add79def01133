/**
 * Swaps and covers as API operations (lib/http/operation.ts): a member offers a published shift,
 * a colleague accepts, a manager approves (or the department skips approval). Read by the
 * handlers in app/api/schedule/swaps, the OpenAPI document and the tests. docs/schedules.md
 * "Swaps and covers".
 */
import { defineOperation } from "@/lib/http/operation";
import {
  acceptSwapSchema,
  decideSwapSchema,
  offerSwapSchema,
  swapListSchema,
  swapSchema,
  unitScheduleSettingsResultSchema,
  unitScheduleSettingsSchema,
} from "@/lib/validations/swaps";

export const listSwaps = defineOperation({
  method: "GET",
  path: "/api/schedule/swaps",
  summary: "Swaps and covers that concern me",
  description: "My offers, my departments' open offers I could accept (and those I accepted), and, for managers, the accepted ones waiting for approval.",
  access: { permission: "schedule.read" },
  response: swapListSchema,
});

export const offerSwap = defineOperation({
  method: "POST",
  path: "/api/schedule/swaps",
  summary: "Offer my shift for a swap or a cover",
  description: "One of my published shifts that has not started; my department's colleagues are told. One live offer per shift.",
  access: { permission: "schedule.read" },
  body: offerSwapSchema,
  response: swapSchema,
  status: 201,
  errors: { 409: "The shift has started or is already offered" },
});

export const acceptSwap = defineOperation({
  method: "POST",
  path: "/api/schedule/swaps/[id]/accept",
  summary: "Accept a colleague's offer",
  description:
    "For members of the shift's department who are free at that time and not on time off; a swap names my shift given in exchange. Two acceptors, one winner. Without approval in the department, the shifts change hands at once.",
  access: { permission: "schedule.read" },
  body: acceptSwapSchema,
  response: swapSchema,
  errors: { 409: "Someone accepted first, or I am not free then" },
});

export const decideSwap = defineOperation({
  method: "POST",
  path: "/api/schedule/swaps/[id]/decision",
  summary: "Approve or decline an accepted swap or cover",
  description: "Approving reassigns the shift (a swap: both shifts) in one transaction, recorded in each shift's history; both members are told.",
  access: { permission: "schedule.manage" },
  body: decideSwapSchema,
  response: swapSchema,
  errors: { 409: "Already decided, or a member is no longer free then" },
});

export const cancelSwap = defineOperation({
  method: "POST",
  path: "/api/schedule/swaps/[id]/cancel",
  summary: "Withdraw my offer",
  description: "An open or accepted offer of mine; the acceptor is told.",
  access: { permission: "schedule.read" },
  response: swapSchema,
  errors: { 409: "The offer was already decided" },
});

export const updateUnitScheduleSettings = defineOperation({
  method: "PATCH",
  path: "/api/schedule/units/[id]",
  summary: "A department's schedule settings",
  description: "Whether its swaps and covers wait for a manager's approval.",
  access: { permission: "schedule.manage" },
  body: unitScheduleSettingsSchema,
  response: unitScheduleSettingsResultSchema,
});

export { swapListSchema, swapSchema, unitScheduleSettingsResultSchema };
