import { maxUploadRequestBytes, uploadLimitMessage } from "@/lib/storage/limits";
import type { UploadPolicy } from "@/lib/storage/types";
import { isAcceptedTaskContentType, TASK_MAX_FILE_BYTES, TASK_MAX_FILE_LABEL, TASK_MAX_FILES, taskFileUnsupported } from "@/lib/task-comments/attachment-options";

/** Task and comment files: images, PDF, Office documents and text, each at most 10MB; 10 a request. */
export const taskAttachmentPolicy: UploadPolicy = {
  maxFileBytes: TASK_MAX_FILE_BYTES,
  maxFileLabel: TASK_MAX_FILE_LABEL,
  maxFiles: TASK_MAX_FILES,
  accepts: isAcceptedTaskContentType,
  unsupportedMessage: taskFileUnsupported,
  keyPrefix: "tasks",
};

/** route()'s early Content-Length check for the upload: the whole envelope, the policy's words. */
export const taskUploadBodyLimit = {
  bodyLimitBytes: maxUploadRequestBytes(taskAttachmentPolicy),
  bodyLimitMessage: uploadLimitMessage(taskAttachmentPolicy),
};
