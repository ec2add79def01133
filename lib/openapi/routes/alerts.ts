import { op, type RouteDoc } from "../describe";
import { accountabilityDetailQuerySchema, accountabilityQuerySchema, adminAlertsQuerySchema, alertRuleInputSchema, bulkAcknowledgeSchema, myAlertsQuerySchema, setExpectedStartSchema, snoozeAlertSchema, updateAlertRuleSchema } from "@/lib/validations/alerts";
import * as adminAccountability from "@/app/api/admin/accountability/route";
import * as adminAccountabilityDetails from "@/app/api/admin/accountability/details/route";
import * as adminAccountabilityExport from "@/app/api/admin/accountability/export/route";
import * as adminAlerts from "@/app/api/admin/alerts/route";
import * as adminAlertsAcknowledge from "@/app/api/admin/alerts/acknowledge/route";
import * as adminExpectedStarts from "@/app/api/admin/expected-starts/route";
import * as adminExpectedStartsId from "@/app/api/admin/expected-starts/[id]/route";
import * as alerts from "@/app/api/alerts/route";
import * as alertsIdAcknowledge from "@/app/api/alerts/[id]/acknowledge/route";
import * as alertsIdSnooze from "@/app/api/alerts/[id]/snooze/route";
import * as alertsReadAll from "@/app/api/alerts/read-all/route";
import * as alertsRules from "@/app/api/alerts/rules/route";
import * as alertsRulesId from "@/app/api/alerts/rules/[id]/route";
import * as alertsRulesPreview from "@/app/api/alerts/rules/preview/route";

export const alertsDocs = (): RouteDoc[] => [
  op("GET /api/admin/accountability", adminAccountability.GET, "Accountability figures per member and department for a period", { query: accountabilityQuerySchema }),
  op("GET /api/admin/accountability/details", adminAccountabilityDetails.GET, "The items behind one accountability figure", { query: accountabilityDetailQuerySchema }),
  op("GET /api/admin/accountability/export", adminAccountabilityExport.GET, "Accountability figures as CSV", { query: accountabilityQuerySchema, produces: "text/csv" }),
  op("GET /api/admin/alerts", adminAlerts.GET, "The organization's open alerts, filtered", { query: adminAlertsQuerySchema }),
  op("POST /api/admin/alerts/acknowledge", adminAlertsAcknowledge.POST, "Acknowledge several alerts at once", { body: bulkAcknowledgeSchema }),
  op("GET /api/admin/expected-starts", adminExpectedStarts.GET, "Expected start times per member and unit"),
  op("PUT /api/admin/expected-starts", adminExpectedStarts.PUT, "Set a member's or a unit's expected start time", { body: setExpectedStartSchema }),
  op("DELETE /api/admin/expected-starts/[id]", adminExpectedStartsId.DELETE, "Remove an expected start time"),
  op("GET /api/alerts", alerts.GET, "One's alerts and the unread count (the bell)", { query: myAlertsQuerySchema }),
  op("POST /api/alerts/[id]/acknowledge", alertsIdAcknowledge.POST, "Acknowledge one of one's alerts"),
  op("POST /api/alerts/[id]/snooze", alertsIdSnooze.POST, "Snooze one of one's alerts", { body: snoozeAlertSchema }),
  op("POST /api/alerts/read-all", alertsReadAll.POST, "Mark all of one's alerts read"),
  op("GET /api/alerts/rules", alertsRules.GET, "Alert rules with their last fired time and counts"),
  op("POST /api/alerts/rules", alertsRules.POST, "Create an alert rule", { body: alertRuleInputSchema, status: 201 }),
  op("DELETE /api/alerts/rules/[id]", alertsRulesId.DELETE, "Delete an alert rule"),
  op("PATCH /api/alerts/rules/[id]", alertsRulesId.PATCH, "Edit, pause or resume an alert rule", { body: updateAlertRuleSchema }),
  op("POST /api/alerts/rules/preview", alertsRulesPreview.POST, "What a rule would fire now, without sending anything", { body: alertRuleInputSchema }),
];
