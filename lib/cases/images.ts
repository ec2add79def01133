import { maxUploadRequestBytes, uploadLimitMessage } from "@/lib/storage/limits";
import type { UploadPolicy } from "@/lib/storage/types";

/**
 * What a pet's photo or a receiver's signature may be: checked by content when it is stored
 * (a signature is PNG only), served back as stored.
 */
export const CASE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The pet's photo as an upload: one JPEG, PNG or WebP image of at most 700 KB (scale it down on the device). */
export const CASE_PHOTO_MAX_BYTES = 700 * 1024;

export const casePhotoPolicy: UploadPolicy = {
  maxFileBytes: CASE_PHOTO_MAX_BYTES,
  maxFileLabel: "700 KB",
  maxFiles: 1,
  accepts: (type) => (CASE_IMAGE_TYPES as readonly string[]).includes(type),
  unsupportedMessage: (fileName) => `File ${fileName} is not supported. Please use a JPEG, PNG or WebP image.`,
  keyPrefix: "cases/photos",
};

/** route()'s early Content-Length check for the photo upload: the whole envelope, the policy's words. */
export const casePhotoBodyLimit = {
  bodyLimitBytes: maxUploadRequestBytes(casePhotoPolicy),
  bodyLimitMessage: uploadLimitMessage(casePhotoPolicy),
};
