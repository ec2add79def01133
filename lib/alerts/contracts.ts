/**
 * The alerts' API operations (lib/http/operation.ts): the bell, the admin's alert list and the
 * alert rules. One descriptor each, read by the handlers, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import {
  adminAlertsQuerySchema,
  adminAlertsSchema,
  alertRuleInputSchema,
  alertRuleListSchema,
  alertRulePreviewSchema,
  alertRuleSchema,
  alertSnoozedSchema,
  alertsCountedSchema,
  bulkAcknowledgeSchema,
  myAlertsQuerySchema,
  myAlertsSchema,
  snoozeAlertSchema,
  updateAlertRuleSchema,
} from "@/lib/validations/alerts";

export const listMyAlerts = defineOperation({
  method: "GET",
  path: "/api/alerts",
  summary: "One's alerts and the unread count (the bell)",
  description: "Open alerts (not resolved, acknowledged or snoozed), newest first.",
  access: { permission: "alerts.read.own" },
  query: myAlertsQuerySchema,
  response: myAlertsSchema,
});

export const acknowledgeAlert = defineOperation({
  method: "POST",
  path: "/api/alerts/[id]/acknowledge",
  summary: "Acknowledge one of one's alerts",
  description: "Admins may acknowledge any alert.",
  access: { permission: "alerts.read.own" },
  response: okSchema,
});

export const snoozeAlert = defineOperation({
  method: "POST",
  path: "/api/alerts/[id]/snooze",
  summary: "Snooze one of one's alerts",
  description: "Admins may snooze any alert.",
  access: { permission: "alerts.read.own" },
  body: snoozeAlertSchema,
  response: alertSnoozedSchema,
});

export const markAlertRead = defineOperation({
  method: "POST",
  path: "/api/alerts/[id]/read",
  summary: "Mark one of one's alerts read",
  description: "Opening an alert from the bell: it stops counting as unread for the caller and stays in the list until acknowledged. 404 for an alert the caller did not receive.",
  access: { permission: "alerts.read.own" },
  response: okSchema,
});

export const markAllAlertsRead = defineOperation({
  method: "POST",
  path: "/api/alerts/read-all",
  summary: "Mark all of one's alerts read",
  description: "The bell's count goes to 0; `count` says how many changed.",
  access: { permission: "alerts.read.own" },
  response: alertsCountedSchema,
});

export const listAdminAlerts = defineOperation({
  method: "GET",
  path: "/api/admin/alerts",
  summary: "The organization's open alerts, filtered",
  description: "Open by default (`state=all` for every alert), filtered by severity, rule, department, member.",
  access: { permission: "alerts.manage" },
  query: adminAlertsQuerySchema,
  response: adminAlertsSchema,
});

export const bulkAcknowledgeAlerts = defineOperation({
  method: "POST",
  path: "/api/admin/alerts/acknowledge",
  summary: "Acknowledge several alerts at once",
  access: { permission: "alerts.manage" },
  body: bulkAcknowledgeSchema,
  response: alertsCountedSchema,
});

export const listAlertRules = defineOperation({
  method: "GET",
  path: "/api/alerts/rules",
  summary: "Alert rules with their last fired time and counts",
  access: { permission: "alerts.manage" },
  response: alertRuleListSchema,
});

export const createAlertRule = defineOperation({
  method: "POST",
  path: "/api/alerts/rules",
  summary: "Create an alert rule",
  access: { permission: "alerts.manage" },
  body: alertRuleInputSchema,
  response: alertRuleSchema,
  status: 201,
});

export const updateAlertRule = defineOperation({
  method: "PATCH",
  path: "/api/alerts/rules/[id]",
  summary: "Edit, pause or resume an alert rule",
  description: "Any subset of the rule's fields; pausing is `{ isActive: false }`.",
  access: { permission: "alerts.manage" },
  body: updateAlertRuleSchema,
  response: alertRuleSchema,
});

export const deleteAlertRule = defineOperation({
  method: "DELETE",
  path: "/api/alerts/rules/[id]",
  summary: "Delete an alert rule",
  description: "Its alerts stay in the history; the open ones are resolved.",
  access: { permission: "alerts.manage" },
  response: okSchema,
});

export const previewAlertRule = defineOperation({
  method: "POST",
  path: "/api/alerts/rules/preview",
  summary: "What a rule would fire now, without sending anything",
  access: { permission: "alerts.manage" },
  body: alertRuleInputSchema,
  response: alertRulePreviewSchema,
});
