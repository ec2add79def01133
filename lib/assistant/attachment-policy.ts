import { maxUploadRequestBytes, uploadLimitMessage } from "@/lib/storage/limits";
import type { UploadPolicy } from "@/lib/storage/types";

/** Spec §5: images, PDF, doc, docx, txt; spec §9: at most 10MB a file. One file an upload. */
export const CHAT_MAX_FILE_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** A legacy Word .doc is an OLE compound file: file-type names the container, not Word. */
export const CFB_TYPE = "application/x-cfb";
export const DOC_TYPE = "application/msword";

export const isAcceptedChatType = (type: string) => IMAGE_TYPES.has(type) || type === "application/pdf" || type === DOCX_TYPE || type === CFB_TYPE || type === "text/plain";
export const isImageType = (type: string) => IMAGE_TYPES.has(type);
/** What a stored chat file is served as: its checked type, a legacy .doc as application/msword. */
export const CHAT_FILE_TYPES = [...IMAGE_TYPES, "application/pdf", DOCX_TYPE, DOC_TYPE, "text/plain"] as const;

export const CHAT_UNSUPPORTED = (fileName: string) => `File ${fileName} is not supported. Please use images, PDF, doc, docx or txt files.`;

export const chatAttachmentPolicy: UploadPolicy = {
  maxFileBytes: CHAT_MAX_FILE_BYTES,
  maxFileLabel: "10MB",
  maxFiles: 1,
  accepts: isAcceptedChatType,
  unsupportedMessage: CHAT_UNSUPPORTED,
  keyPrefix: "chat",
};

/** route()'s early Content-Length check for the upload: the whole envelope, the policy's words. */
export const chatUploadBodyLimit = {
  bodyLimitBytes: maxUploadRequestBytes(chatAttachmentPolicy),
  bodyLimitMessage: uploadLimitMessage(chatAttachmentPolicy),
};
