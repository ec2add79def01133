/** Every /api route's rows, one file per domain (add yours here). */
import type { ApiRow } from "../types";
import { accountabilityRows } from "./accountability";
import { alertRows } from "./alerts";
import { apiKeyRows } from "./api-keys";
import { assistantRows } from "./assistant";
import { authRows } from "./auth";
import { betaIssueRows } from "./beta-issues";
import { caseRows } from "./cases";
import { ganttRows } from "./gantt";
import { orgRows } from "./org";
import { recurrenceRows } from "./recurrence";
import { reportRows } from "./reports";
import { projectRows } from "./projects";
import { systemRows } from "./system";
import { taskRows } from "./tasks";
import { timeRows } from "./time";

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
];
