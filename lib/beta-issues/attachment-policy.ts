import {
  BETA_MAX_FILE_BYTES,
  BETA_MAX_FILE_LABEL,
  BETA_MAX_FILES,
  BETA_TOASTS,
  isAcceptedBetaContentType,
} from "@/lib/beta-issues/options";
import { maxUploadRequestBytes, uploadLimitMessage } from "@/lib/storage/limits";
import type { UploadPolicy } from "@/lib/storage/types";

/** Spec §5: images, videos, PDFs and text, each at most 10MB; at most 10 files an issue. */
export const betaAttachmentPolicy: UploadPolicy = {
  maxFileBytes: BETA_MAX_FILE_BYTES,
  maxFileLabel: BETA_MAX_FILE_LABEL,
  maxFiles: BETA_MAX_FILES,
  accepts: isAcceptedBetaContentType,
  unsupportedMessage: BETA_TOASTS.invalidType,
  keyPrefix: "beta-issues",
};

/** route()'s early Content-Length check for the multipart create: the whole envelope, the policy's words. */
export const betaUploadBodyLimit = {
  bodyLimitBytes: maxUploadRequestBytes(betaAttachmentPolicy),
  bodyLimitMessage: uploadLimitMessage(betaAttachmentPolicy),
};
