/**
 * Every API operation's descriptor, in one list: what the OpenAPI document, the authorization
 * matrix's and the fuzz run's completeness checks, and tests/integration/api-keys/openapi.test.ts
 * read. A new domain: add its `lib/<domain>/contracts.ts` module to CONTRACT_MODULES.
 */
import { isOperation, type Operation } from "@/lib/http/operation";
import * as accountability from "@/lib/accountability/contracts";
import * as alerts from "@/lib/alerts/contracts";
import * as apiKeys from "@/lib/api-keys/contracts";
import * as assistant from "@/lib/assistant/contracts";
import * as auth from "@/lib/auth/contracts";
import * as betaIssues from "@/lib/beta-issues/contracts";
import * as billing from "@/lib/billing/contracts";
import * as cases from "@/lib/cases/contracts";
import * as chambers from "@/lib/cases/chamber-contracts";
import * as gantt from "@/lib/gantt/contracts";
import * as members from "@/lib/members/contracts";
import * as org from "@/lib/org/contracts";
import * as processes from "@/lib/processes/contracts";
import * as projects from "@/lib/projects/contracts";
import * as punch from "@/lib/punch/contracts";
import * as recurrence from "@/lib/recurrence/contracts";
import * as reports from "@/lib/reports/contracts";
import * as schedule from "@/lib/schedule/contracts";
import * as timeOff from "@/lib/time-off/contracts";
import * as system from "@/lib/system/contracts";
import * as notifications from "@/lib/notifications/contracts";
import * as taskComments from "@/lib/task-comments/contracts";
import * as tasks from "@/lib/tasks/contracts";
import * as time from "@/lib/time/contracts";
import * as vendors from "@/lib/vendors/contracts";
import * as webhooks from "@/lib/webhooks/contracts";
import * as calendar from "@/lib/calendar/contracts";
import * as push from "@/lib/push/contracts";
import * as availability from "@/lib/availability/contracts";
import * as shiftTemplates from "@/lib/shift-templates/contracts";
import * as swaps from "@/lib/swaps/contracts";
import * as sso from "@/lib/sso/contracts";
import * as clinics from "@/lib/clinics/contracts";
import * as pay from "@/lib/pay/contracts";
import * as runs from "@/lib/runs/contracts";

const CONTRACT_MODULES: Array<Record<string, unknown>> = [auth, gantt, members, org, processes, projects, punch, recurrence, system, tasks, time, vendors, apiKeys, alerts, accountability, betaIssues, reports, assistant, taskComments, notifications, cases, chambers, webhooks, calendar, schedule, timeOff, push, swaps, sso, shiftTemplates, availability, pay, clinics, billing, runs];

const OPERATIONS: Operation[] = CONTRACT_MODULES.flatMap((mod) => Object.values(mod).filter(isOperation));

export const apiOperations = (): Operation[] => OPERATIONS;
