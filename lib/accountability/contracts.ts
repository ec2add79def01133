/**
 * Accountability's API operations (lib/http/operation.ts): the figures, their details and CSV
 * export, and the expected start times they read. One descriptor each, read by the handlers, the
 * OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import {
  accountabilityDetailQuerySchema,
  accountabilityDetailsSchema,
  accountabilityQuerySchema,
  accountabilitySchema,
  expectedStartListSchema,
  expectedStartSchema,
  setExpectedStartSchema,
} from "@/lib/validations/accountability";

export const getAccountability = defineOperation({
  method: "GET",
  path: "/api/admin/accountability",
  summary: "Accountability figures per member and department for a period",
  access: { permission: "accountability.read" },
  query: accountabilityQuerySchema,
  response: accountabilitySchema,
});

export const getAccountabilityDetails = defineOperation({
  method: "GET",
  path: "/api/admin/accountability/details",
  summary: "The items behind one accountability figure",
  description: "`metric` and `userId` or `unitId`; at most 500 items.",
  access: { permission: "accountability.read" },
  query: accountabilityDetailQuerySchema,
  response: accountabilityDetailsSchema,
});

export const exportAccountability = defineOperation({
  method: "GET",
  path: "/api/admin/accountability/export",
  summary: "Accountability figures as CSV",
  description: "Members, then departments.",
  access: { permission: "accountability.read" },
  query: accountabilityQuerySchema,
  produces: "text/csv",
});

export const listExpectedStarts = defineOperation({
  method: "GET",
  path: "/api/admin/expected-starts",
  summary: "Expected start times per member and unit",
  access: { permission: "alerts.manage" },
  response: expectedStartListSchema,
});

export const setExpectedStart = defineOperation({
  method: "PUT",
  path: "/api/admin/expected-starts",
  summary: "Set a member's or a unit's expected start time",
  description: "Creates or replaces it.",
  access: { permission: "alerts.manage" },
  body: setExpectedStartSchema,
  response: expectedStartSchema,
});

export const deleteExpectedStart = defineOperation({
  method: "DELETE",
  path: "/api/admin/expected-starts/[id]",
  summary: "Remove an expected start time",
  access: { permission: "alerts.manage" },
  response: okSchema,
});
