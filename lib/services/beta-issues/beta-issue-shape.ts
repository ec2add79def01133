import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isAdminRole } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { betaIssuePermissions } from "@/lib/beta-issues/permissions";
import { isInlineType } from "@/lib/storage";
import type { BetaEnvironment, betaIssueSummarySchema, betaAttachmentSchema, betaCommentSchema, betaHistorySchema, betaIssueDetailSchema, betaPersonSchema } from "@/lib/validations/beta-issues";
import type { z } from "zod";

/** Beta issues as the API answers them: explicit selects, never raw rows. */

const person = { select: { id: true, firstName: true, lastName: true, role: true } } as const;

export type PersonDto = z.input<typeof betaPersonSchema>;

export type BetaIssueSummaryDto = z.input<typeof betaIssueSummarySchema>;

export type BetaAttachmentDto = z.input<typeof betaAttachmentSchema>;

export type BetaCommentDto = z.input<typeof betaCommentSchema>;

export type BetaHistoryDto = z.input<typeof betaHistorySchema>;

export type BetaIssueDetailDto = z.input<typeof betaIssueDetailSchema>;

export const betaIssueSummarySelect = {
  id: true,
  title: true,
  issueType: true,
  severity: true,
  status: true,
  reporterId: true,
  createdAt: true,
  updatedAt: true,
  reporter: person,
  convertedTask: { select: { id: true, displayNumber: true } },
  _count: { select: { attachments: true, comments: true } },
} satisfies Prisma.BetaIssueSelect;

export const betaIssueDetailSelect = {
  ...betaIssueSummarySelect,
  description: true,
  pageUrl: true,
  userAgent: true,
  environment: true,
  attachments: {
    select: { id: true, fileName: true, mimeType: true, sizeBytes: true, createdAt: true },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  },
  comments: { select: { id: true, body: true, createdAt: true, author: person }, orderBy: { createdAt: "asc" } },
  statusChanges: {
    select: { id: true, fromStatus: true, toStatus: true, fromSeverity: true, toSeverity: true, createdAt: true, actor: person },
    orderBy: { createdAt: "asc" },
  },
} satisfies Prisma.BetaIssueSelect;

type PersonRow = { id: string; firstName: string; lastName: string; role: string };
/** isAdmin drives the "Admin" badge in the thread: a fact about the role itself. */
export const toPerson = (row: PersonRow): PersonDto => ({ id: row.id, firstName: row.firstName, lastName: row.lastName, isAdmin: isAdminRole(row.role) });

export function toBetaIssueSummary(row: Prisma.BetaIssueGetPayload<{ select: typeof betaIssueSummarySelect }>): BetaIssueSummaryDto {
  return {
    id: row.id,
    title: row.title,
    issueType: row.issueType,
    severity: row.severity,
    status: row.status,
    reporter: toPerson(row.reporter),
    attachmentCount: row._count.attachments,
    commentCount: row._count.comments,
    convertedTask: row.convertedTask,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const attachmentUrl = (issueId: string, attachmentId: string) => `/api/beta-issues/${issueId}/attachments/${attachmentId}`;

export function toBetaIssueDetail(
  row: Prisma.BetaIssueGetPayload<{ select: typeof betaIssueDetailSelect }>,
  caller: Pick<Caller, "userId" | "role">,
): BetaIssueDetailDto {
  const environment = (row.environment && typeof row.environment === "object" ? row.environment : {}) as BetaEnvironment;
  return {
    ...toBetaIssueSummary(row),
    description: row.description,
    environment: { ...environment, pageUrl: row.pageUrl, userAgent: row.userAgent },
    attachments: row.attachments.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      contentType: a.mimeType,
      size: a.sizeBytes,
      url: attachmentUrl(row.id, a.id),
      isImage: isInlineType(a.mimeType),
      createdAt: a.createdAt,
    })),
    comments: row.comments.map((c) => ({ id: c.id, body: c.body, createdAt: c.createdAt, author: toPerson(c.author) })),
    history: row.statusChanges.map((h) => ({
      id: h.id,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      fromSeverity: h.fromSeverity,
      toSeverity: h.toSeverity,
      createdAt: h.createdAt,
      actor: h.actor ? toPerson(h.actor) : null,
    })),
    permissions: betaIssuePermissions({ userId: caller.userId, role: caller.role }, row),
  };
}
