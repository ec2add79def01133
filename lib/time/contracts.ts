/**
 * The time domain's API operations (lib/http/operation.ts): time logs and their exports,
 * correction requests, and the administration of time (card, edits, approvals, policy, payroll).
 * Read by the handlers in app/api/time and app/api/admin/time, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { XLSX_TYPE } from "./labels";
import {
  approvePeriodResultSchema,
  breakWaiverResultSchema,
  breakWaiverSchema,
  jurisdictionSettingsResultSchema,
  jurisdictionSettingsSchema,
  approvePeriodSchema,
  correctionDecisionSchema,
  correctionListSchema,
  correctionRequestSchema,
  correctionSchema,
  listCorrectionsQuerySchema,
  lockPeriodResultSchema,
  lockPeriodSchema,
  payrollExportQuerySchema,
  payrollExportSettingsResultSchema,
  payrollExportSettingsSchema,
  payrollProviderSettingsSchema,
  timeCardQuerySchema,
  timeCardSchema,
  timeEditResultSchema,
  timeEditSchema,
  timeLogExportQuerySchema,
  timeLogQuerySchema,
  timeLogSchema,
  timePolicySchema,
  timePolicyValuesSchema,
  unlockPeriodResultSchema,
  unlockPeriodSchema,
  withdrawApprovalResultSchema,
  withdrawApprovalSchema,
} from "@/lib/validations/time";

const PERIOD_LOCKED = "The pay period is approved and locked";

export const getTimeLog = defineOperation({
  method: "GET",
  path: "/api/time/logs",
  summary: "Time logs of a member and range: punches, breaks, task time, totals",
  description: "Default: the caller, this week. Another member's log needs the rights to see it (docs/time.md).",
  access: { permission: "time.read" },
  query: timeLogQuerySchema,
  response: timeLogSchema,
});

export const exportTimeLog = defineOperation({
  method: "GET",
  path: "/api/time/logs/export",
  summary: "Time logs of a range as CSV or PDF",
  description: "`format=csv` (a download, text/csv) or `format=pdf` (inline, application/pdf); same scoping as the read.",
  access: { permission: "time.read" },
  query: timeLogExportQuerySchema,
  produces: ["text/csv", "application/pdf"],
});

export const requestCorrection = defineOperation({
  method: "POST",
  path: "/api/time/corrections",
  summary: "Request a correction of one's time",
  access: { permission: "time.read" },
  body: correctionRequestSchema,
  response: correctionSchema,
  status: 201,
  errors: { 409: PERIOD_LOCKED },
});

export const getTimeCard = defineOperation({
  method: "GET",
  path: "/api/admin/time/card",
  summary: "The time card of a pay period: every active member's totals",
  access: { permission: "time.manage" },
  query: timeCardQuerySchema,
  response: timeCardSchema,
});

export const listCorrections = defineOperation({
  method: "GET",
  path: "/api/admin/time/corrections",
  summary: "Correction requests to decide",
  description: "Pending first, then the latest decided (at most 50).",
  access: { permission: "time.manage" },
  query: listCorrectionsQuerySchema,
  response: correctionListSchema,
});

export const decideCorrection = defineOperation({
  method: "POST",
  path: "/api/admin/time/corrections/[id]",
  summary: "Approve or reject a correction request",
  description: "Approving applies the requested times as an audited edit.",
  access: { permission: "time.manage" },
  body: correctionDecisionSchema,
  response: correctionSchema,
  errors: { 409: "Already decided, the pay period is locked, or the corrected time breaks a rule (overlap ...)" },
});

export const editTime = defineOperation({
  method: "POST",
  path: "/api/admin/time/edits",
  summary: "Edit, add, split or delete a punch or task time (audited)",
  access: { permission: "time.manage" },
  body: timeEditSchema,
  response: timeEditResultSchema,
  errors: { 409: "The pay period is locked, or the edit breaks a rule (`invariant`: no-overlap, entry-inside-punch ...)" },
});

export const approvePeriod = defineOperation({
  method: "POST",
  path: "/api/admin/time/approvals",
  summary: "Approve members' pay period (the first step; records who and when)",
  description: "The given members (`userIds`: the rows the time card shows), or every active member. Idempotent: an approved member stays as approved. Approving does not lock: see POST /api/admin/time/locks.",
  access: { permission: "time.approve" },
  body: approvePeriodSchema,
  response: approvePeriodResultSchema,
});

export const withdrawApproval = defineOperation({
  method: "POST",
  path: "/api/admin/time/approvals/withdraw",
  summary: "Withdraw members' approval of a pay period that is not locked",
  description: "The given members, or every active member; locked members keep their approval.",
  access: { permission: "time.approve" },
  body: withdrawApprovalSchema,
  response: withdrawApprovalResultSchema,
  errors: { 409: "Nothing to withdraw: not approved, or the period is locked (`periodLocked`)" },
});

export const lockPeriod = defineOperation({
  method: "POST",
  path: "/api/admin/time/locks",
  summary: "Lock members' pay period (the second step: no time change after it)",
  description: "The given members (`userIds`), or every active member. Members not approved yet are locked too; `notApproved` counts them. Idempotent.",
  access: { permission: "time.lock" },
  body: lockPeriodSchema,
  response: lockPeriodResultSchema,
});

export const unlockPeriod = defineOperation({
  method: "POST",
  path: "/api/admin/time/approvals/unlock",
  summary: "Unlock members' pay period (with a reason)",
  description: "One member (`userId`), the given members (`userIds`), or every member whose period is locked.",
  access: { permission: "time.lock" },
  body: unlockPeriodSchema,
  response: unlockPeriodResultSchema,
  errors: { 409: "Nothing to unlock: the period is not locked" },
});

export const exportPayroll = defineOperation({
  method: "GET",
  path: "/api/admin/time/payroll",
  summary: "Payroll export of a pay period (CSV or XLSX)",
  description:
    "`kind=summary` (one row per member, in a layout: `layout`, default the saved one) or `detail` (one row per punch). " +
    "`format=csv` (text/csv, the default until the saved option says otherwise) or `format=xlsx` " +
    "(application/vnd.openxmlformats-officedocument.spreadsheetml.sheet). The saved options (GET /api/admin/time/payroll/settings) apply. " +
    "Every row carries the Employee ID column; with `usePayrollId` on, a member in the export without a payroll ID refuses the export (409, `missingPayrollId`). " +
    "`layout=gusto` (Gusto hours CSV), `quickbooks-iif` (QuickBooks Desktop timer activities, IIF in Windows-1252) or `adp` (ADP paydata CSV) write the provider's own file " +
    "(docs/time.md, \"Exports to payroll providers\"): locked periods only unless `unlocked=true` (409 `notLocked`), every member matchable by the provider " +
    "(409 `missingIdentifier`), ADP with its company code (409 `field: adp.companyCode`); `format=xlsx` with them is a 400.",
  access: { permission: "time.manage" },
  query: payrollExportQuerySchema,
  produces: ["text/csv", XLSX_TYPE, "text/plain"],
  errors: {
    400: "`format=xlsx` with a provider layout (`field: format`)",
    409: "A member in the export has no payroll ID (`missingPayrollId`), a provider layout's member is not locked (`notLocked`) or cannot be matched (`missingIdentifier`): id and name of each; or ADP has no company code",
  },
});

export const getPayrollProviderSettings = defineOperation({
  method: "GET",
  path: "/api/admin/time/payroll/providers",
  summary: "The payroll provider layouts' settings (QuickBooks, ADP)",
  description: "QuickBooks: company name, employee name format, payroll item names; ADP: company code, batch id, column titles, hours codes. Defaults until saved.",
  access: { permission: "time.manage" },
  response: payrollProviderSettingsSchema,
});

export const updatePayrollProviderSettings = defineOperation({
  method: "PUT",
  path: "/api/admin/time/payroll/providers",
  summary: "Save the payroll provider layouts' settings",
  description: "Replaces them whole (absent parts take their defaults). The export's options and layouts are kept. Audited (`time.payroll-providers.update`).",
  access: { permission: "time.manage" },
  body: payrollProviderSettingsSchema,
  response: payrollProviderSettingsSchema,
});

export const getPayrollExportSettings = defineOperation({
  method: "GET",
  path: "/api/admin/time/payroll/settings",
  summary: "The payroll export's options and layouts",
  description: "Options remembered for the organization; layouts built in first (`builtIn`), then the saved ones.",
  access: { permission: "time.manage" },
  response: payrollExportSettingsResultSchema,
});

export const updatePayrollExportSettings = defineOperation({
  method: "PUT",
  path: "/api/admin/time/payroll/settings",
  summary: "Save the payroll export's options and the organization's layouts",
  description: "`layouts` replaces the saved layouts (built-in ones are not stored and cannot be replaced). Audited.",
  access: { permission: "time.manage" },
  body: payrollExportSettingsSchema,
  response: payrollExportSettingsResultSchema,
});

export const getTimePolicy = defineOperation({
  method: "GET",
  path: "/api/admin/time/policy",
  summary: "The time policy: pay period, breaks, overtime, rounding",
  access: { permission: "time.manage" },
  response: timePolicyValuesSchema,
});

export const updateTimePolicy = defineOperation({
  method: "PUT",
  path: "/api/admin/time/policy",
  summary: "Change the time policy",
  description: "Saves the whole policy (audited).",
  access: { permission: "time.manage" },
  body: timePolicySchema,
  response: timePolicyValuesSchema,
});

export const getJurisdictions = defineOperation({
  method: "GET",
  path: "/api/admin/time/jurisdictions",
  summary: "Break and overtime rules: the presets, the organization's, and overrides per department and punch post",
  description: "Presets are federal (FLSA), California, Illinois, New York, Washington, Oregon and Colorado (docs/time.md cites their sources).",
  access: { permission: "time.manage" },
  response: jurisdictionSettingsResultSchema,
});

export const updateJurisdictions = defineOperation({
  method: "PUT",
  path: "/api/admin/time/jurisdictions",
  summary: "Choose the organization's preset and override it per department or punch post (null clears an override)",
  description: "An unknown preset is refused (400, naming the field). Locked pay periods keep the figures stored when they locked. Audited.",
  access: { permission: "time.manage" },
  body: jurisdictionSettingsSchema,
  response: jurisdictionSettingsResultSchema,
});

export const waiveBreak = defineOperation({
  method: "POST",
  path: "/api/admin/time/break-waivers",
  summary: "Waive a member's missed-break premium for one day and kind (meal or rest), with a reason (audited)",
  access: { permission: "time.waive" },
  body: breakWaiverSchema,
  response: breakWaiverResultSchema,
  status: 201,
  errors: { 409: "The pay period is locked, the day has no such break problem, or it is already waived" },
});
