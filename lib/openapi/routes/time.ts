import { op, type RouteDoc } from "../describe";
import { approvePeriodSchema, correctionDecisionSchema, correctionRequestSchema, payrollExportQuerySchema, timeCardQuerySchema, timeEditSchema, timeLogExportQuerySchema, timeLogQuerySchema, timePolicySchema, unlockPeriodSchema } from "@/lib/validations/time";
import * as adminTimeApprovals from "@/app/api/admin/time/approvals/route";
import * as adminTimeApprovalsUnlock from "@/app/api/admin/time/approvals/unlock/route";
import * as adminTimeCard from "@/app/api/admin/time/card/route";
import * as adminTimeCorrections from "@/app/api/admin/time/corrections/route";
import * as adminTimeCorrectionsId from "@/app/api/admin/time/corrections/[id]/route";
import * as adminTimeEdits from "@/app/api/admin/time/edits/route";
import * as adminTimePayroll from "@/app/api/admin/time/payroll/route";
import * as adminTimePolicy from "@/app/api/admin/time/policy/route";
import * as timeCorrections from "@/app/api/time/corrections/route";
import * as timeLogs from "@/app/api/time/logs/route";
import * as timeLogsExport from "@/app/api/time/logs/export/route";

export const timeDocs = (): RouteDoc[] => [
  op("POST /api/admin/time/approvals", adminTimeApprovals.POST, "Approve and lock members' pay period", { body: approvePeriodSchema }),
  op("POST /api/admin/time/approvals/unlock", adminTimeApprovalsUnlock.POST, "Unlock a member's pay period, or every member's that is locked (with a reason)", { body: unlockPeriodSchema }),
  op("GET /api/admin/time/card", adminTimeCard.GET, "The time card of a pay period: every active member's totals", { query: timeCardQuerySchema }),
  op("GET /api/admin/time/corrections", adminTimeCorrections.GET, "Correction requests to decide"),
  op("POST /api/admin/time/corrections/[id]", adminTimeCorrectionsId.POST, "Approve or reject a correction request", { body: correctionDecisionSchema }),
  op("POST /api/admin/time/edits", adminTimeEdits.POST, "Edit, add, split or delete a punch or task time (audited)", { body: timeEditSchema }),
  op("GET /api/admin/time/payroll", adminTimePayroll.GET, "Payroll export of a pay period (CSV)", { query: payrollExportQuerySchema, produces: "text/csv" }),
  op("GET /api/admin/time/policy", adminTimePolicy.GET, "The time policy: pay period, breaks, overtime, rounding"),
  op("PUT /api/admin/time/policy", adminTimePolicy.PUT, "Change the time policy", { body: timePolicySchema }),
  op("POST /api/time/corrections", timeCorrections.POST, "Request a correction of one's time", { body: correctionRequestSchema, status: 201 }),
  op("GET /api/time/logs", timeLogs.GET, "Time logs of a member and range: punches, breaks, task time, totals", { query: timeLogQuerySchema }),
  op("GET /api/time/logs/export", timeLogsExport.GET, "Time logs of a range as CSV or PDF", { query: timeLogExportQuerySchema, produces: "text/csv" }),
];
