import "server-only";
import busboy from "busboy";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { AppError } from "@/lib/http/app-error";
import { detectContentType, SNIFF_BYTES } from "./content-type";
import { newStorageKey } from "./keys";
import { MAX_FIELD_BYTES, MAX_FIELDS, maxUploadRequestBytes, uploadLimitMessage } from "./limits";
import type { ObjectStorage, StoredFile, UploadPolicy } from "./types";

export interface ReceivedUploads {
  /** The text fields of the form (the last value wins for a repeated name). */
  fields: Record<string, string>;
  /** The stored files, in the order they were sent. */
  files: StoredFile[];
  /** Deletes the stored files: call it when the rows that would point at them are not committed. */
  discard(): Promise<void>;
}


/**
 * Reads a multipart/form-data request as a stream (busboy), never buffering it whole:
 * - each file's type is decided from its first bytes (magic numbers) before anything is stored;
 * - each file is streamed to `storage` and cut off the moment it passes the policy's limit:
 *   reading the request stops there, so a 2 GB upload costs one chunk over the limit;
 * - at most `policy.maxFiles` files.
 * On any failure every file already stored by this request is deleted before the error is
 * thrown. On success the caller commits its rows and calls `discard()` if that fails.
 */
export async function receiveUploads(req: Request, policy: UploadPolicy, storage: ObjectStorage): Promise<ReceivedUploads> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Expected a multipart/form-data body");
  }
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxUploadRequestBytes(policy)) {
    throw new AppError("PAYLOAD_TOO_LARGE", uploadLimitMessage(policy));
  }
  if (!req.body) throw new AppError("BAD_REQUEST", "The request has no body");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fileSize: policy.maxFileBytes + 1,
        files: policy.maxFiles + 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: policy.maxFiles + MAX_FIELDS + 2,
      },
    });
  } catch {
    throw new AppError("BAD_REQUEST", "Malformed multipart body");
  }

  const source = Readable.fromWeb(req.body as unknown as NodeWebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  const stored: Array<StoredFile & { index: number }> = [];
  const attemptedKeys: string[] = [];
  const openFiles = new Set<Readable>();
  const pending: Promise<void>[] = [];
  let failure: unknown = null;
  let fileCount = 0;

  let rejectAborted: (reason: unknown) => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  aborted.catch(() => {});

  /** The first failure wins: stop reading the request and every file stream still open. */
  const abort = (error: unknown) => {
    if (failure) return;
    failure = error;
    source.unpipe(parser);
    source.destroy();
    for (const file of openFiles) file.destroy(error instanceof Error ? error : new Error(String(error)));
    rejectAborted(error);
  };

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) abort(new AppError("BAD_REQUEST", `${name}: is too long`));
    else fields[name] = value;
  });
  parser.on("fieldsLimit", () => abort(new AppError("BAD_REQUEST", "Too many form fields")));
  parser.on("partsLimit", () => abort(new AppError("BAD_REQUEST", "Too many form parts")));
  parser.on("filesLimit", () => abort(tooManyFiles(policy)));
  parser.on("file", (field, stream, info) => {
    const index = fileCount++;
    if (failure || index >= policy.maxFiles) {
      stream.resume();
      abort(tooManyFiles(policy));
      return;
    }
    openFiles.add(stream);
    const fileName = cleanFileName(info.filename);
    // busboy saw byte maxFileBytes + 1: stop reading the request now, not after the disk caught up.
    stream.on("limit", () => abort(tooLarge(policy, fileName)));
    pending.push(
      storeOne(stream, fileName)
        .then((file) => {
          stored.push({ ...file, field, index });
        })
        .catch(abort)
        .finally(() => openFiles.delete(stream)),
    );
  });

  async function storeOne(stream: Readable, fileName: string): Promise<Omit<StoredFile, "field">> {
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
    if (headBytes > policy.maxFileBytes) throw tooLarge(policy, fileName);
    if (headBytes === 0) throw new AppError("BAD_REQUEST", `File ${fileName} is empty.`, { fileName });
    const type = await detectContentType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
    if (!type || !policy.accepts(type)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", policy.unsupportedMessage(fileName), { fileName });

    let size = 0;
    async function* bytes(): AsyncGenerator<Buffer> {
      for (const chunk of head) {
        size += chunk.length;
        yield chunk;
      }
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        size += next.value.length;
        if (size > policy.maxFileBytes) throw tooLarge(policy, fileName);
        yield next.value;
      }
    }
    const storageKey = newStorageKey(policy.keyPrefix);
    attemptedKeys.push(storageKey);
    await storage.put(storageKey, Readable.from(bytes(), { objectMode: false }), { contentType: type });
    return { fileName, contentType: type, size, storageKey };
  }

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", () => reject(new AppError("BAD_REQUEST", "Malformed multipart body")));
    source.on("error", (error) => reject(failure ?? error));
  });
  source.pipe(parser);

  try {
    await Promise.race([finished, aborted]);
    await Promise.all(pending);
    if (failure) throw failure;
  } catch (error) {
    abort(error);
    await Promise.allSettled(pending);
    await storage.delete(attemptedKeys).catch(() => {});
    throw failure ?? error;
  }

  const files: StoredFile[] = stored.sort((a, b) => a.index - b.index).map((file) => ({
    field: file.field,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    storageKey: file.storageKey,
  }));
  return { fields, files, discard: () => storage.delete(files.map((f) => f.storageKey)) };
}

const tooLarge = (policy: UploadPolicy, fileName: string) =>
  new AppError("PAYLOAD_TOO_LARGE", `File ${fileName} exceeds ${policy.maxFileLabel} limit.`, { fileName });

const tooManyFiles = (policy: UploadPolicy) => new AppError("BAD_REQUEST", `At most ${policy.maxFiles} files can be attached.`);

/** The last path segment of the browser's name, without control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!clean || clean === "." || clean === "..") return "file";
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 && clean.length - dot <= 12 ? clean.slice(dot) : "";
  return clean.slice(0, 200 - ext.length) + ext;
}
