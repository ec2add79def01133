import "server-only";
import { getStorage, receiveUploads, type ReceivedUploads, type StoredFile } from "@/lib/storage";
import type { Operation } from "./operation";

/** What a multipart operation's handler gets: the text fields and the files already stored. */
export interface Upload {
  /** The text fields of the form (the last value wins for a repeated name). */
  fields: Record<string, string>;
  /** The stored files (checked by content, within the policy's limits), in the order they were sent. */
  files: StoredFile[];
}

export const isMultipartRequest = (req: Request): boolean => /^multipart\/form-data/i.test(req.headers.get("content-type") ?? "");

/**
 * The one upload path: a descriptor that declares `multipart` has its body streamed to storage
 * by route() before the handler runs (lib/storage/multipart.ts: 413 past the limit, 415 for a type
 * the policy refuses, 400 for a malformed body). Null for other descriptors, and for a JSON body
 * where the descriptor takes one (`orJson`).
 */
export async function receiveOperationUploads(operation: Operation, req: Request): Promise<ReceivedUploads | null> {
  if (!operation.multipart) return null;
  if (operation.multipart.orJson && !isMultipartRequest(req)) return null;
  return receiveUploads(req, operation.multipart.policy, getStorage());
}
