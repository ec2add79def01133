/**
 * Serves the build's static scripts and style sheets from the Brotli and gzip copies that
 * scripts/precompress.js writes at build time, instead of letting Next gzip each one at level 6
 * on every request (Next never sends Brotli). On the dashboard's first load that is 181 KB of
 * gzip down to about 156 KB of Brotli, or 175 KB of Zopfli gzip for a client without Brotli;
 * docs/performance.md has the figures. A request this cannot answer (a client that accepts
 * neither encoding, a file without copies, a build newer than the server) goes on to Next.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { securityHeaders } from "./security-headers";

export type Encoding = "br" | "gzip";

interface Asset {
  type: string;
  /** By encoding: the body and its strong validator. */
  variants: Record<Encoding, { body: Buffer; etag: string }>;
}

/** By URL path (`/_next/static/chunks/….js`). */
export type StaticAssets = Map<string, Asset>;

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
};

const EXTENSIONS: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Every static file of the build in `distDir` that has both copies, read into memory (about 2 MB). */
export function loadPrecompressed(distDir: string): StaticAssets {
  const assets: StaticAssets = new Map();
  const root = path.join(distDir, "static");
  if (!existsSync(root)) return assets;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const type = TYPES[path.extname(entry.name)];
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !type || !existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) continue;
    const urlPath = `/_next/static/${path.relative(root, file).split(path.sep).join("/")}`;
    const variant = (encoding: Encoding) => {
      const body = readFileSync(file + EXTENSIONS[encoding]);
      return { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"` };
    };
    assets.set(urlPath, { type, variants: { br: variant("br"), gzip: variant("gzip") } });
  }
  return assets;
}

/** The encoding to send for an Accept-Encoding header: the higher q, Brotli on a tie; null for neither. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const q: Record<Encoding, number> = { br: 0, gzip: 0 };
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    if ((token === "br" || token === "gzip") && Number.isFinite(value)) q[token] = value;
  }
  if (q.br <= 0 && q.gzip <= 0) return null;
  return q.br >= q.gzip ? "br" : "gzip";
}

/** Answers `req` from `assets` and returns true, or returns false for Next to answer it. */
export function servePrecompressed(assets: StaticAssets, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const urlPath = (req.url ?? "").split("?")[0];
  const asset = assets.get(urlPath);
  const encoding = asset ? chooseEncoding(req.headers["accept-encoding"]) : null;
  if (!asset || !encoding) return false;
  const { body, etag } = asset.variants[encoding];
  for (const { key, value } of securityHeaders) res.setHeader(key, value);
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", etag);
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304).end();
    return true;
  }
  res.setHeader("Content-Type", asset.type);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(200).end(req.method === "HEAD" ? undefined : body);
  return true;
}
