import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { DEFAULT_BETA_SEVERITY, withBetaPrefix } from "@/lib/beta-issues/options";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { Upload } from "@/lib/http/uploads";
import type { StoredFile } from "@/lib/storage";
import type { CreateBetaIssueInput } from "@/lib/validations/beta-issues";
import { getBetaIssue } from "./get-beta-issue";
import { parseCreateBetaIssueInput } from "./parse-create-input";
import type { BetaIssueDetailDto } from "./beta-issue-shape";

/**
 * Stores a reported issue with its (already stored) files, its first history entry and an
 * audit row in one transaction. The title always carries the "[BETA] " prefix once. The page
 * URL and browser come from the captured environment, else from the request's User-Agent.
 * The caller deletes `files` from storage if this throws (nothing points at them then).
 */
export async function createBetaIssue(
  caller: Caller,
  input: CreateBetaIssueInput,
  files: readonly StoredFile[] = [],
  requestUserAgent: string | null = null,
): Promise<BetaIssueDetailDto> {
  const { pageUrl, userAgent, ...environment } = input.environment ?? {};
  const severity = input.severity ?? DEFAULT_BETA_SEVERITY;
  const id = await db.$transaction(async (tx) => {
    const issue = await tx.betaIssue.create({
      data: {
        title: withBetaPrefix(input.title),
        description: input.description,
        issueType: input.issueType,
        severity,
        reporterId: caller.userId,
        pageUrl: pageUrl || null,
        userAgent: (userAgent || requestUserAgent)?.slice(0, 1000) || null,
        environment: environment as Prisma.InputJsonValue,
        attachments: {
          create: files.map((file, position) => ({
            position,
            fileName: file.fileName,
            mimeType: file.contentType,
            sizeBytes: file.size,
            storageKey: file.storageKey,
          })),
        },
        statusChanges: { create: { actorId: caller.userId, toStatus: "new", toSeverity: severity } },
      },
      select: { id: true, title: true, issueType: true, severity: true, status: true },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "beta_issue.create",
      entityType: "beta_issue",
      entityId: issue.id,
      after: { title: issue.title, issueType: issue.issueType, severity: issue.severity, status: issue.status },
      metadata: { attachments: files.map((f) => ({ fileName: f.fileName, contentType: f.contentType, size: f.size })) },
    });
    return issue.id;
  });
  return getBetaIssue(caller, id);
}

/**
 * POST /api/beta-issues as multipart: route() has streamed the files to storage (checked by
 * content, cut off at 10MB); the issue and its attachment rows are committed here. If the fields
 * are invalid or the commit fails, route() deletes the stored files again: no orphan rows and
 * no orphan files.
 */
export async function createBetaIssueFromUpload(caller: Caller, upload: Upload, userAgent: string | null): Promise<BetaIssueDetailDto> {
  return createBetaIssue(caller, parseCreateBetaIssueInput(upload.fields), upload.files, userAgent);
}
