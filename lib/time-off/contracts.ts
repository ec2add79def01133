/**
 * Time off as API operations (lib/http/operation.ts): requests, decisions, balances and the
 * ledger. Read by the handlers in app/api/time-off, the OpenAPI document and the tests.
 * docs/schedules.md "Time off".
 */
import { defineOperation } from "@/lib/http/operation";
import {
  createTimeOffSchema,
  createTimeOffTypeSchema,
  decideTimeOffSchema,
  ledgerEntrySchema,
  ledgerRowSchema,
  myLedgerQuerySchema,
  myLedgerSchema,
  myTimeOffSchema,
  policyRunSchema,
  timeOffPoliciesSchema,
  timeOffPolicyInputSchema,
  timeOffPolicySchema,
  pendingTimeOffSchema,
  timeOffRequestSchema,
  timeOffTypeAdminSchema,
  timeOffTypesSchema,
  updateTimeOffTypeSchema,
} from "@/lib/validations/time-off";

export const getMyTimeOff = defineOperation({
  method: "GET",
  path: "/api/time-off",
  summary: "My time off",
  description: "The time-off types, my requests (newest first) and my balance of each paid type.",
  access: { permission: "schedule.read" },
  response: myTimeOffSchema,
});

export const requestTimeOff = defineOperation({
  method: "POST",
  path: "/api/time-off",
  summary: "Request time off",
  description: "Whole days (8 h each) or some hours on each day of the range. The managers of my departments are told.",
  access: { permission: "schedule.read" },
  body: createTimeOffSchema,
  response: timeOffRequestSchema,
  status: 201,
});

export const cancelTimeOff = defineOperation({
  method: "POST",
  path: "/api/time-off/[id]/cancel",
  summary: "Cancel my request",
  description: "A pending or approved request of mine; cancelling an approved paid one gives its hours back (a reversing ledger row).",
  access: { permission: "schedule.read" },
  response: timeOffRequestSchema,
  errors: { 409: "The request was declined" },
});

export const getPendingTimeOff = defineOperation({
  method: "GET",
  path: "/api/time-off/pending",
  summary: "Requests waiting for my decision",
  description: "Pending requests of the members of the departments I schedule (admins: everyone), earliest first.",
  access: { permission: "schedule.manage" },
  response: pendingTimeOffSchema,
});

export const decideTimeOff = defineOperation({
  method: "POST",
  path: "/api/time-off/[id]/decision",
  summary: "Approve or decline a request",
  description: "Approving a paid request takes its hours from the balance in the same transaction. Approving an approved request again changes nothing. The member is told.",
  access: { permission: "schedule.manage" },
  body: decideTimeOffSchema,
  response: timeOffRequestSchema,
  errors: { 409: "The request was already decided otherwise or cancelled" },
});

export const addTimeOffLedgerEntry = defineOperation({
  method: "POST",
  path: "/api/time-off/ledger",
  summary: "Grant or adjust a balance",
  description: "A grant (positive hours) or an adjustment (either sign) of a member's balance of a paid type, with the reason.",
  access: { permission: "schedule.timeoff.ledger" },
  body: ledgerEntrySchema,
  response: ledgerRowSchema,
  status: 201,
});

export const getMyTimeOffBalances = defineOperation({
  method: "GET",
  path: "/api/time-off/balances",
  summary: "My balances, line by line",
  description: "Each paid type's balance and the ledger rows behind it (grant, accrual, use, adjustment, with who and why), newest first, each with the balance after it.",
  access: { permission: "schedule.read" },
  query: myLedgerQuerySchema,
  response: myLedgerSchema,
});

export const getTimeOffTypes = defineOperation({
  method: "GET",
  path: "/api/time-off/types",
  summary: "The time-off types",
  description: "Every type, active or not, in the order members see them.",
  access: { permission: "schedule.timeoff.ledger" },
  response: timeOffTypesSchema,
});

export const createTimeOffType = defineOperation({
  method: "POST",
  path: "/api/time-off/types",
  summary: "Add a time-off type",
  description: "Paid or unpaid; it goes last in the list and can be requested at once.",
  access: { permission: "schedule.timeoff.ledger" },
  body: createTimeOffTypeSchema,
  response: timeOffTypeAdminSchema,
  status: 201,
  errors: { 409: "A type of that name (whatever its case) exists" },
});

export const updateTimeOffType = defineOperation({
  method: "PATCH",
  path: "/api/time-off/types/[id]",
  summary: "Rename, switch paid, deactivate or move a type",
  description:
    "An inactive type can no longer be requested; its requests, ledger rows and balances stay (types are never deleted). position moves the type in the list (1 = first); sending the same position again changes nothing.",
  access: { permission: "schedule.timeoff.ledger" },
  body: updateTimeOffTypeSchema,
  response: timeOffTypeAdminSchema,
  errors: { 409: "A type of that name (whatever its case) exists" },
});

export const getTimeOffPolicies = defineOperation({
  method: "GET",
  path: "/api/time-off/policies",
  summary: "The time-off policies",
  description: "Every paid type with its policy: a yearly grant or accrual per hour worked, a carry-over cap and a start day.",
  access: { permission: "schedule.timeoff.ledger" },
  response: timeOffPoliciesSchema,
});

export const setTimeOffPolicy = defineOperation({
  method: "PUT",
  path: "/api/time-off/policies/[id]",
  summary: "Set a paid type's policy",
  description: "From the next run on; the rows already written stay.",
  access: { permission: "schedule.timeoff.ledger" },
  body: timeOffPolicyInputSchema,
  response: timeOffPolicySchema,
});

export const runTimeOffPolicies = defineOperation({
  method: "POST",
  path: "/api/time-off/policies/run",
  summary: "Run the policies now",
  description: "The year's grants and carry-over caps, and the accrual of every locked pay period that has none. Idempotent: a second run writes nothing. The daily job runs the same.",
  access: { permission: "schedule.timeoff.ledger" },
  response: policyRunSchema,
});

/** The answers' schemas, for the services' return types and the screens'. */
export { ledgerRowSchema, myLedgerSchema, myTimeOffSchema, pendingTimeOffSchema, timeOffPoliciesSchema, timeOffRequestSchema, timeOffTypeAdminSchema, timeOffTypesSchema };
