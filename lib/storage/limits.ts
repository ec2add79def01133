import type { UploadPolicy } from "./types";

/**
 * An upload's size limits, pure so an operation descriptor (lib/<domain>/contracts.ts) can state
 * its body limit without loading the storage code.
 */

export const MAX_FIELDS = 30;
export const MAX_FIELD_BYTES = 256 * 1024;
/** Room for the fields and multipart framing on top of the files themselves. */
const ENVELOPE_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 1024 * 1024;

/** The largest multipart request a policy allows: every file at its limit, plus the form fields. */
export const maxUploadRequestBytes = (policy: UploadPolicy) => policy.maxFiles * policy.maxFileBytes + ENVELOPE_BYTES;
export const uploadLimitMessage = (policy: UploadPolicy) => `An upload holds at most ${policy.maxFiles} files of ${policy.maxFileLabel} each.`;
