/** Every /api route's rows, one file per domain (add yours here). */
import type { ApiRow } from "../types";
import { accountabilityRows } from "./accountability";
import { alertRows } from "./alerts";
import { apiKeyRows } from "./api-keys";
import { assistantRows } from "./assistant";
import { authRows } from "./auth";
import { betaIssueRows } from "./beta-issues";
import { billingRows } from "./billing";
import { caseRows } from "./cases";
import { chamberRows } from "./chambers";
import { ganttRows } from "./gantt";
import { orgRows } from "./org";
import { recurrenceRows } from "./recurrence";
import { reportRows } from "./reports";
import { scheduleRows } from "./schedule";
import { projectRows } from "./projects";
import { systemRows } from "./system";
import { taskRows } from "./tasks";
import { timeRows } from "./time";
import { webhookRows } from "./webhooks";
import { calendarRows } from "./calendar";
import { timeOffRows } from "./time-off";
import { ssoRows } from "./sso";
import { payRows } from "./pay";
import { clinicRows } from "./clinics";
import { runRows } from "./runs";

export const API_MATRIX: ApiRow[] = [
  ...authRows,
  ...orgRows,
  ...taskRows,
  ...recurrenceRows,
  ...projectRows,
  ...betaIssueRows,
  ...alertRows,
  ...accountabilityRows,
  ...ganttRows,
  ...reportRows,
  ...assistantRows,
  ...systemRows,
  ...apiKeyRows,
  ...timeRows,
  ...caseRows,
  ...chamberRows,
  ...webhookRows,
  ...calendarRows,
  ...scheduleRows,
  ...timeOffRows,
  ...ssoRows,
  ...payRows,
  ...clinicRows,
  ...billingRows,
  ...runRows,
];
