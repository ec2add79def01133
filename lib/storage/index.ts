import "server-only";
import path from "node:path";
import { DiskStorage } from "./disk";
import { S3Storage, type S3Settings } from "./s3";
import type { ObjectStorage } from "./types";

export { receiveUploads, type ReceivedUploads } from "./multipart";
export { maxUploadRequestBytes, uploadLimitMessage } from "./limits";
export { contentDisposition, downloadResponse } from "./download";
export { detectContentType, isInlineType } from "./content-type";
export { newStorageKey } from "./keys";
export type { ObjectStorage, StoredFile, UploadPolicy } from "./types";

export const DEFAULT_UPLOAD_DIR = ".data/uploads";

type Env = Record<string, string | undefined>;

/** S3 settings when S3_BUCKET is set, else null (files go to the disk). */
export function s3SettingsFromEnv(env: Env = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const prefix = (env.S3_PREFIX?.trim() ?? "").replace(/^\/+/, "");
  return {
    bucket,
    region: env.S3_REGION?.trim() || "us-east-1",
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
    // Most S3-compatible servers want path-style URLs; AWS itself prefers virtual hosts.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "true" : Boolean(endpoint),
    prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
  };
}

let cached: { signature: string; storage: ObjectStorage } | null = null;

/**
 * The configured storage: S3 when S3_BUCKET is set, else the disk under UPLOAD_DIR
 * (default .data/uploads, relative to the working directory). Re-read when the settings change.
 */
export function getStorage(env: Env = process.env): ObjectStorage {
  const s3 = s3SettingsFromEnv(env);
  const root = path.resolve(env.UPLOAD_DIR?.trim() || DEFAULT_UPLOAD_DIR);
  const signature = JSON.stringify(s3 ?? root);
  if (cached?.signature !== signature) {
    if (cached?.storage instanceof S3Storage) cached.storage.destroy();
    cached = { signature, storage: s3 ? new S3Storage(s3) : new DiskStorage(root) };
  }
  return cached.storage;
}
