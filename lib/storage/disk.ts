import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey } from "./keys";
import type { ObjectStorage } from "./types";

/**
 * Files on the local disk under `root` (by default .data/uploads: outside the web root, so
 * nothing is reachable except through the authorized download routes). A file is written to
 * a ".part" name and renamed when complete, so a cut-off upload never looks stored.
 */
export class DiskStorage implements ObjectStorage {
  readonly kind = "disk" as const;

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...assertValidKey(key).split("/"));
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString("hex")}.part`;
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(body, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size };
  }

  async open(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}
