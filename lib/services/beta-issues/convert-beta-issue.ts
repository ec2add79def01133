import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BETA_ISSUE_TYPE_LABELS, BETA_SEVERITY_LABELS, stripBetaPrefix, type BetaIssueSeverityValue } from "@/lib/beta-issues/options";
import { canTriageBetaIssue } from "@/lib/beta-issues/permissions";
import { db } from "@/lib/db";
import { AppError, conflict, forbidden, notFound } from "@/lib/http/app-error";
import { parseWith } from "@/lib/http/parse";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { createTask } from "@/lib/services/tasks/create-task";
import type { TaskPriorityValue } from "@/lib/tasks/options";
import { addDays, businessToday } from "@/lib/dates";
import { combineDayAndTime } from "@/lib/dates/day-time";
import type { ConvertBetaIssueInput } from "@/lib/validations/beta-issues";
import { createTaskSchema } from "@/lib/validations/tasks";
import { BETA_ISSUE_NOT_FOUND, betaIssueIdOrNotFound, visibleBetaIssueWhere } from "./visibility";
import { getBetaIssue } from "./get-beta-issue";
import type { BetaIssueDetailDto } from "./beta-issue-shape";

const PRIORITY_FOR_SEVERITY: Record<BetaIssueSeverityValue, TaskPriorityValue> = {
  informational: "low",
  warning: "normal",
  blocker: "high",
};

/** Days until the default due date of a task made from an issue (the admin edits it on the task). */
export const CONVERTED_TASK_DUE_DAYS = 7;
export const NO_DEPARTMENT = "Create a department first: a task needs one";

/**
 * One click: an admin turns an issue into a task, prefilled from the issue (title without the
 * "[BETA] " prefix, the description, a priority from the severity, a link back to the issue),
 * in the admin's own department (else the first one) and due in a week, end of the business day.
 * The task's client uuid is the issue's id, so a double click or two admins at once make one
 * task. A new issue becomes triaged. Answers the updated issue, whose convertedTask links the task.
 */
export async function convertBetaIssue(caller: Caller, id: string, input: ConvertBetaIssueInput): Promise<BetaIssueDetailDto> {
  betaIssueIdOrNotFound(id);
  const issue = await db.betaIssue.findFirst({
    where: { id, ...visibleBetaIssueWhere(caller) },
    select: {
      id: true, title: true, description: true, issueType: true, severity: true, status: true, convertedTaskId: true,
      convertedTask: { select: { id: true, displayNumber: true } },
      reporter: { select: { firstName: true, lastName: true } },
    },
  });
  if (!issue) throw notFound(BETA_ISSUE_NOT_FOUND);
  if (!canTriageBetaIssue(caller)) throw forbidden("Only administrators can turn a beta issue into a task");
  if (issue.convertedTask) {
    throw conflict(`This issue is already task #${issue.convertedTask.displayNumber}`, { convertedTask: issue.convertedTask });
  }

  const department = input.department ?? (await defaultDepartment(caller.userId));
  const due = input.dueDate ?? combineDayAndTime(addDays(businessToday(), CONVERTED_TASK_DUE_DAYS), null, "due");
  const taskInput = parseWith(createTaskSchema, {
    uuid: issue.id,
    title: stripBetaPrefix(issue.title).slice(0, 500),
    description: taskDescription(issue),
    priority: PRIORITY_FOR_SEVERITY[issue.severity],
    department,
    dueDate: due.toISOString(),
  });
  const { task } = await createTask(caller, taskInput);

  await db.$transaction(async (tx) => {
    const linked = await tx.betaIssue.updateMany({
      where: { id, convertedTaskId: null },
      data: { convertedTaskId: task.id, ...(issue.status === "new" && { status: "triaged" }) },
    });
    if (linked.count === 0) return; // a concurrent click linked the same task (same uuid)
    if (issue.status === "new") {
      await tx.betaIssueStatusChange.create({ data: { betaIssueId: id, actorId: caller.userId, fromStatus: "new", toStatus: "triaged" } });
    }
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "beta_issue.convert",
      entityType: "beta_issue",
      entityId: id,
      before: { status: issue.status, convertedTaskId: null },
      after: { status: issue.status === "new" ? "triaged" : issue.status, convertedTaskId: task.id },
      metadata: { taskDisplayNumber: task.displayNumber },
    });
  });
  return getBetaIssue(caller, id);
}

async function defaultDepartment(userId: string): Promise<string> {
  const own = await db.unitMembership.findFirst({
    where: { userId },
    orderBy: [{ unit: { unitNumber: { sort: "asc", nulls: "last" } } }, { createdAt: "asc" }],
    select: { unitId: true },
  });
  if (own) return own.unitId;
  const first = await db.organizationalUnit.findFirst({
    orderBy: [{ unitNumber: { sort: "asc", nulls: "last" } }, { name: "asc" }],
    select: { id: true },
  });
  if (!first) throw new AppError("BAD_REQUEST", NO_DEPARTMENT);
  return first.id;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The issue's plain-text description as paragraphs, then who reported it and a link back. */
function taskDescription(issue: {
  id: string;
  description: string;
  issueType: keyof typeof BETA_ISSUE_TYPE_LABELS;
  severity: BetaIssueSeverityValue;
  reporter: { firstName: string; lastName: string };
}): string {
  const paragraphs = issue.description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`);
  const reporter = escapeHtml(`${issue.reporter.firstName} ${issue.reporter.lastName}`.trim());
  const link = `/beta-issues/${issue.id}`;
  return [
    ...paragraphs,
    `<p>From beta issue <a href="${link}">${link}</a> (${BETA_ISSUE_TYPE_LABELS[issue.issueType]}, ${BETA_SEVERITY_LABELS[issue.severity]} severity), reported by ${reporter}.</p>`,
  ].join("");
}
