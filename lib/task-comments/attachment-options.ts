/**
 * What a task or comment attachment may be (shared by the server's upload policy and the
 * browser's picker): images, PDF, Office documents and text, 10MB each, decided from the
 * file's content (magic bytes), never from its name or the browser's claim.
 */
export const TASK_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const TASK_MAX_FILE_LABEL = "10MB";
export const TASK_MAX_FILES = 10;

const OFFICE_TYPES = new Set([
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  // .doc, .xls, .ppt (OLE compound files)
  "application/x-cfb",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
]);

/** The types isAcceptedTaskContentType takes, as media types: a task file is served as its own. */
export const TASK_FILE_TYPES = ["image/*", "application/pdf", "text/plain", ...OFFICE_TYPES] as const;

export function isAcceptedTaskContentType(contentType: string): boolean {
  if (contentType === "image/svg+xml") return false;
  return contentType.startsWith("image/") || contentType === "application/pdf" || contentType === "text/plain" || OFFICE_TYPES.has(contentType);
}

export const taskFileUnsupported = (name: string) => `File ${name} is not supported. Please use images, PDFs, Office documents or text files.`;

/** The picker's hint to the browser; the server decides by content. */
export const TASK_FILE_ACCEPT = "image/*,application/pdf,text/plain,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp";
