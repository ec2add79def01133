import "server-only";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import { assertValidKey } from "./keys";
import type { ObjectStorage } from "./types";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. "bfs-tasks/". */
  prefix: string;
}

/**
 * S3 or any S3-compatible store (MinIO, R2, Ceph ...), so several app instances share files.
 * Uploads are at most the policy's limit (10MB), so each file is collected and sent with a
 * known length in one PutObject; the limit itself is enforced before this, while streaming.
 * Checksums are only sent where the API requires them: several S3-compatible stores reject
 * the SDK's newer default checksum headers.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix}${assertValidKey(key)}`;
  }

  async put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: options.contentType,
      }),
    );
    return { size: bytes.length };
  }

  async open(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      if (!result.Body) return null;
      return { body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: Number(result.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    // DeleteObject succeeds for a missing key; at most a handful of keys per call here.
    await Promise.all(
      keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }))),
    );
  }

  destroy(): void {
    this.client.destroy();
  }
}
