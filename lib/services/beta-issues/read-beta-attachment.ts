import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { downloadResponse, getStorage } from "@/lib/storage";
import { isUuid } from "@/lib/validations/ids";
import { visibleBetaIssueWhere } from "./visibility";

const FILE_NOT_FOUND = "File not found";

/** An attachment's bytes, for the issue's reporter and admins only; anyone else gets a 404. */
export async function readBetaAttachment(caller: Caller, issueId: string, attachmentId: string): Promise<Response> {
  if (!isUuid(issueId) || !isUuid(attachmentId)) throw notFound(FILE_NOT_FOUND);
  const file = await db.betaIssueAttachment.findFirst({
    where: { id: attachmentId, betaIssueId: issueId, betaIssue: visibleBetaIssueWhere(caller) },
    select: { storageKey: true, fileName: true, mimeType: true },
  });
  if (!file) throw notFound(FILE_NOT_FOUND);
  return downloadResponse(getStorage(), { storageKey: file.storageKey, fileName: file.fileName, contentType: file.mimeType });
}
