import type { Readable } from "node:stream";

/** Where uploaded bytes live. Keys are made by lib/storage (never from a user's file name). */
export interface ObjectStorage {
  readonly kind: "disk" | "s3";
  /** Stores the stream under `key`; resolves with the byte count once it is durable. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  open(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Deletes the keys; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** A file that passed the checks and is stored. */
export interface StoredFile {
  /** The form field it came in. */
  field: string;
  /** The user's file name, cleaned for display and Content-Disposition. */
  fileName: string;
  /** Detected from the content (magic bytes), never the browser's claim. */
  contentType: string;
  size: number;
  storageKey: string;
}

/** What one kind of upload accepts (beta issue attachments, chat files ...). */
export interface UploadPolicy {
  /** Largest file in bytes; the stream is cut off one byte later. */
  maxFileBytes: number;
  /** The limit as people read it, e.g. "10MB". */
  maxFileLabel: string;
  maxFiles: number;
  /** Detected content types this upload takes. */
  accepts(contentType: string): boolean;
  /** Names the file and what is accepted, e.g. "File x.exe is not supported. Please use ...". */
  unsupportedMessage(fileName: string): string;
  /** Prefix of the storage keys, e.g. "beta-issues". */
  keyPrefix: string;
}
