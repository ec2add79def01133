/**
 * Upload helpers for integration tests: a temporary UPLOAD_DIR per test file, files with real
 * magic bytes, and a caller that sends any body (FormData, a stream) to a route handler.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_ORIGIN, type CallResult, type Handler } from "./auth";

/** Points lib/storage's disk implementation at a fresh folder for this test file. */
export function useUploadDir(): { readonly dir: string; files(): Promise<string[]>; clear(): Promise<void> } {
  let dir = "";
  const previous = process.env.UPLOAD_DIR;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "bfs-uploads-"));
    process.env.UPLOAD_DIR = dir;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previous;
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    /** Deletes every stored file (rows deleted by a test leave their files behind). */
    async clear() {
      const entries = await readdir(dir);
      await Promise.all(entries.map((e) => rm(path.join(dir, e), { recursive: true, force: true })));
    },
    /** Every stored file (and leftover .part file), relative to the folder. */
    async files() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
    },
  };
}

/** A valid 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);

/** A minimal PDF. */
export const PDF_SMALL = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A file of exactly `size` bytes that starts with a PNG signature (detected as image/png). */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  PNG_1PX.copy(bytes, 0, 0, Math.min(PNG_1PX.length, size));
  return bytes;
}

/** The start of a Windows executable ("MZ" header with a PE signature). */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(1024, 0);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

export function form(fields: Record<string, string>, files: Array<{ name: string; bytes: Buffer; type?: string; field?: string }> = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const file of files) data.append(file.field ?? "attachments", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  return data;
}

export interface RawCallOptions<P> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers?: Record<string, string>;
  body?: FormData | ReadableStream<Uint8Array>;
  params?: P;
}

/** Like call() but sends FormData or a stream as is, and keeps binary response bodies as bytes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
export async function callRaw<P = Record<string, string>>(handler: Handler<P>, opts: RawCallOptions<P>): Promise<CallResult<any> & { bytes: Buffer }> {
  const headers = new Headers(opts.headers);
  if (!headers.has("host")) headers.set("host", new URL(TEST_ORIGIN).host);
  let body: BodyInit | undefined = opts.body;
  if (body instanceof FormData) {
    // Encoded up front (as a browser sends it): undici's lazy FormData stream throws when the
    // server stops reading early, which a real socket does not.
    const encoded = new Response(body);
    headers.set("content-type", encoded.headers.get("content-type")!);
    body = Buffer.from(await encoded.arrayBuffer());
  }
  const init: RequestInit & { duplex?: "half" } = { method: opts.method ?? "POST", headers, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  const req = new Request(new URL(opts.path, TEST_ORIGIN), init);
  const res = await handler(req, { params: Promise.resolve((opts.params ?? {}) as P) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get("content-type") ?? "").includes("json");
  return { status: res.status, headers: res.headers, bytes, body: isJson && bytes.length ? JSON.parse(bytes.toString("utf8")) : bytes.toString("utf8") };
}
