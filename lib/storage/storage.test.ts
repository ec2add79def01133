import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { startFakeS3, type FakeS3 } from "@/tests/support/fake-s3";
import { exeBytes, PDF_SMALL, PNG_1PX } from "@/tests/support/uploads";
import { detectContentType, isInlineType } from "./content-type";
import { contentDisposition } from "./download";
import { DiskStorage } from "./disk";
import { getStorage, s3SettingsFromEnv } from "./index";
import { assertValidKey, newStorageKey } from "./keys";
import { cleanFileName } from "./multipart";
import { S3Storage } from "./s3";
import type { ObjectStorage } from "./types";

const text = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");

describe("detectContentType (magic bytes, not names)", () => {
  it("names images, PDFs and videos by their content", async () => {
    expect(await detectContentType(PNG_1PX)).toBe("image/png");
    expect(await detectContentType(PDF_SMALL)).toBe("application/pdf");
    expect(await detectContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBe("image/jpeg");
    const mp4 = Buffer.alloc(64);
    mp4.writeUInt32BE(0x18, 0);
    mp4.write("ftypmp42", 4, "latin1");
    expect(await detectContentType(mp4)).toBe("video/mp4");
  });

  it("reads UTF-8 text without a magic number as text/plain", async () => {
    expect(await detectContentType(Buffer.from("Steps:\n1. open the dashboard\n2. café ☕ crashes\n"))).toBe("text/plain");
    // A multi-byte character cut by the sample's end is still text.
    expect(await detectContentType(Buffer.from("ok ☕").subarray(0, 5))).toBe("text/plain");
  });

  it("refuses HTML, SVG, XML, executables and binary noise", async () => {
    expect(await detectContentType(Buffer.from("<!DOCTYPE html><html><script>alert(1)</script></html>"))).toBeNull();
    expect(await detectContentType(Buffer.from("  <html><body>hi</body></html>"))).toBeNull();
    expect(await detectContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(await detectContentType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await detectContentType(exeBytes())).toBe("application/x-msdownload");
    expect(await detectContentType(Buffer.from([0x00, 0x01, 0x02, 0xfe]))).toBeNull();
    expect(await detectContentType(Buffer.alloc(0))).toBeNull();
  });

  it("shows only raster images inline", () => {
    expect(isInlineType("image/png")).toBe(true);
    expect(isInlineType("image/webp")).toBe(true);
    expect(isInlineType("image/svg+xml")).toBe(false);
    expect(isInlineType("application/pdf")).toBe(false);
    expect(isInlineType("text/plain")).toBe(false);
  });
});

describe("names and keys", () => {
  it("Content-Disposition has an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", 'rapport "final" é.pdf')).toBe(
      `attachment; filename="rapport _final_ _.pdf"; filename*=UTF-8''rapport%20%22final%22%20%C3%A9.pdf`,
    );
    expect(contentDisposition("inline", "shot (1).png")).toBe(`inline; filename="shot (1).png"; filename*=UTF-8''shot%20%281%29.png`);
  });

  it("keeps only the last segment of a browser's file name, without control characters", () => {
    expect(cleanFileName("C:\\Users\\me\\shot.png")).toBe("shot.png");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("a\u0000b\nc.txt")).toBe("abc.txt");
    expect(cleanFileName("")).toBe("file");
    expect(cleanFileName("..")).toBe("file");
    const long = cleanFileName(`${"x".repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith(".pdf")).toBe(true);
  });

  it("makes keys of its own and refuses anything that could leave the folder", () => {
    expect(newStorageKey("beta-issues", new Date("2026-11-23T10:00:00Z"))).toMatch(/^beta-issues\/2026\/11\/[0-9a-f-]{36}$/);
    for (const bad of ["../x", "a/../../b", "/abs", "a//b", "A/B", "a\\b", ""]) expect(() => assertValidKey(bad)).toThrow(/Invalid storage key/);
  });
});

describe("settings", () => {
  it("uses the disk unless S3_BUCKET is set", () => {
    expect(s3SettingsFromEnv({})).toBeNull();
    expect(getStorage({ UPLOAD_DIR: "/tmp/bfs-x" }).kind).toBe("disk");
    expect(s3SettingsFromEnv({ S3_BUCKET: "files", S3_ENDPOINT: "http://minio:9000", S3_PREFIX: "/bfs" })).toEqual({
      bucket: "files",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: "bfs/",
    });
    expect(s3SettingsFromEnv({ S3_BUCKET: "files", S3_REGION: "eu-west-1" })?.forcePathStyle).toBe(false);
    expect(getStorage({ S3_BUCKET: "files", S3_ENDPOINT: "http://127.0.0.1:9" }).kind).toBe("s3");
  });
});

interface Backend {
  name: string;
  make(): Promise<{ storage: ObjectStorage; done(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "disk",
    async make() {
      const dir = await mkdtemp(path.join(tmpdir(), "bfs-storage-"));
      return { storage: new DiskStorage(dir), done: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3 (in-process S3-compatible server)",
    async make() {
      const fake: FakeS3 = await startFakeS3();
      const storage = new S3Storage({ bucket: "bfs", region: "us-east-1", endpoint: fake.endpoint, accessKeyId: "test", secretAccessKey: "test", forcePathStyle: true, prefix: "t/" });
      return {
        storage,
        done: async () => {
          storage.destroy();
          await fake.close();
        },
      };
    },
  },
];

// A real S3-compatible endpoint (MinIO, AWS ...) joins the matrix when configured.
const real = s3SettingsFromEnv({
  S3_BUCKET: process.env.S3_TEST_BUCKET,
  S3_ENDPOINT: process.env.S3_TEST_ENDPOINT,
  S3_REGION: process.env.S3_TEST_REGION,
  S3_ACCESS_KEY_ID: process.env.S3_TEST_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: process.env.S3_TEST_SECRET_ACCESS_KEY,
  S3_PREFIX: "bfs-tests/",
});
if (process.env.S3_TEST_ENDPOINT && real) {
  backends.push({
    name: `S3 at ${process.env.S3_TEST_ENDPOINT}`,
    async make() {
      const storage = new S3Storage(real);
      return { storage, done: async () => storage.destroy() };
    },
  });
}

describe.each(backends)("ObjectStorage: $name", (backend) => {
  let storage: ObjectStorage;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, done } = await backend.make());
  });
  afterAll(() => done());

  it("stores, reads back and deletes", async () => {
    const key = newStorageKey("test");
    expect(await storage.put(key, Readable.from([Buffer.from("hello "), Buffer.from("world")]), { contentType: "text/plain" })).toEqual({ size: 11 });
    const opened = await storage.open(key);
    expect(opened?.size).toBe(11);
    expect(await text(opened!.body)).toBe("hello world");
    await storage.delete([key]);
    expect(await storage.open(key)).toBeNull();
    // Deleting again is not an error.
    await storage.delete([key]);
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage.open(newStorageKey("test"))).toBeNull();
  });

  it("stores nothing when the stream fails half-way", async () => {
    const key = newStorageKey("test");
    async function* failing() {
      yield Buffer.from("partial");
      throw new Error("cut off");
    }
    await expect(storage.put(key, Readable.from(failing()), { contentType: "text/plain" })).rejects.toThrow("cut off");
    expect(await storage.open(key)).toBeNull();
  });
});

describe("DiskStorage", () => {
  it("leaves no .part file behind after a failed write", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "bfs-storage-"));
    try {
      const disk = new DiskStorage(dir);
      async function* failing() {
        yield Buffer.alloc(1000);
        throw new Error("cut off");
      }
      await expect(disk.put("a/b", Readable.from(failing()))).rejects.toThrow();
      const left = await readdir(dir, { recursive: true, withFileTypes: true });
      expect(left.filter((e) => e.isFile())).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
