/**
 * The reports' API operations (lib/http/operation.ts): the scoreboard, its settings and the
 * statistics panels. One descriptor each, read by the handlers, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import {
  memberBreakdownSchema,
  scoreboardQuerySchema,
  scoreboardSchema,
  scoreboardSettingsSchema,
  scoreboardSettingsViewSchema,
  statisticsQuerySchema,
  statisticsResultSchema,
} from "@/lib/validations/reports";

export const getScoreboard = defineOperation({
  method: "GET",
  path: "/api/scoreboard",
  summary: "The scoreboard of a period: members, departments, highlights",
  description: "Only the caller's own row when the settings hide other members' names from them.",
  access: { permission: "scoreboard.read" },
  query: scoreboardQuerySchema,
  response: scoreboardSchema,
});

export const getMemberBreakdown = defineOperation({
  method: "GET",
  path: "/api/scoreboard/members/[userId]",
  summary: "The tasks that made a member's points",
  description: "Another member's breakdown is 403 when the settings hide names from the caller; a private task's title stays hidden.",
  access: { permission: "scoreboard.read" },
  query: scoreboardQuerySchema,
  response: memberBreakdownSchema,
});

export const getScoreboardSettings = defineOperation({
  method: "GET",
  path: "/api/scoreboard/settings",
  summary: "The scoreboard's settings",
  access: { permission: "scoreboard.settings" },
  response: scoreboardSettingsViewSchema,
});

export const updateScoreboardSettings = defineOperation({
  method: "PUT",
  path: "/api/scoreboard/settings",
  summary: "Change the scoreboard's weights, name visibility and exclusions",
  access: { permission: "scoreboard.settings" },
  body: scoreboardSettingsSchema,
  response: scoreboardSettingsViewSchema,
});

export const getStatistics = defineOperation({
  method: "GET",
  path: "/api/statistics/[panel]",
  summary: "One statistics panel's series for a range and department",
  description: "Panels: throughput, on-time, cycle-time, overdue, hours, punch-patterns, pickups, recurring (another is a 404).",
  access: { permission: "statistics.read" },
  query: statisticsQuerySchema,
  response: statisticsResultSchema,
});
