/**
 * Pay rates and labour cost as API operations (lib/http/operation.ts), read by the handlers in
 * app/api/members/[id]/pay-rates, app/api/pay-rates and app/api/labour-cost, the OpenAPI
 * document, the authorization matrix and the fuzz run. Everything here takes `pay.read` or
 * `pay.manage` (admins only by default) and, for an API key, the `pay:read` / `pay:write` scope.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import {
  createPayRateSchema,
  labourCostAnswerSchema,
  labourCostLinesAnswerSchema,
  labourCostLinesQuerySchema,
  labourCostQuerySchema,
  payRateSchema,
  scheduleCostAnswerSchema,
  scheduleCostQuerySchema,
  payRatesAnswerSchema,
  updatePayRateSchema,
} from "@/lib/validations/pay";

const LOCKED = "The effective date falls inside a locked pay period (`period` names it)";

export const listPayRates = defineOperation({
  method: "GET",
  path: "/api/members/[id]/pay-rates",
  summary: "A member's pay rates and the history of their changes",
  access: { permission: "pay.read" },
  response: payRatesAnswerSchema,
});

export const createPayRate = defineOperation({
  method: "POST",
  path: "/api/members/[id]/pay-rates",
  summary: "Give a member a pay rate from a day",
  description: "Hourly (`amount` in dollars an hour) or salaried (dollars a year, costed at amount / 2080 per hour); optionally for a role label or a department.",
  access: { permission: "pay.manage" },
  body: createPayRateSchema,
  response: payRateSchema,
  status: 201,
  errors: { 409: `${LOCKED}, or the member already has a rate of that key from that day` },
});

export const updatePayRate = defineOperation({
  method: "PATCH",
  path: "/api/pay-rates/[id]",
  summary: "Correct a pay rate",
  access: { permission: "pay.manage" },
  body: updatePayRateSchema,
  response: payRateSchema,
  errors: { 409: LOCKED },
});

export const deletePayRate = defineOperation({
  method: "DELETE",
  path: "/api/pay-rates/[id]",
  summary: "Remove a pay rate entered by mistake",
  access: { permission: "pay.manage" },
  response: okSchema,
  errors: { 409: LOCKED },
});

export const getLabourCost = defineOperation({
  method: "GET",
  path: "/api/labour-cost",
  summary: "Labour cost of a range, by member, department, project, process run or memorial case",
  description: "Worked minutes × the rate in force that day, overtime at 1.5×, double time at 2×, paid time off at 1×. Each figure rounded once.",
  access: { permission: "pay.read" },
  query: labourCostQuerySchema,
  response: labourCostAnswerSchema,
});

export const listLabourCostLines = defineOperation({
  method: "GET",
  path: "/api/labour-cost/lines",
  summary: "The minutes behind a labour-cost figure",
  access: { permission: "pay.read" },
  query: labourCostLinesQuerySchema,
  response: labourCostLinesAnswerSchema,
});

export const getScheduleCost = defineOperation({
  method: "GET",
  path: "/api/labour-cost/schedule",
  summary: "A week's scheduled cost (its shifts at the rates in force) beside its worked cost",
  access: { permission: "pay.read" },
  query: scheduleCostQuerySchema,
  response: scheduleCostAnswerSchema,
});
