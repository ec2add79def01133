import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompressedLevel, precompressStatic } from "./precompress";
import { chooseEncoding, loadPrecompressed, servePrecompressed } from "./static-assets";

/** The real build step and the real server path, on a small static folder in a temp dir. */
const script = `(globalThis.TURBOPACK||[]).push(${JSON.stringify("x".repeat(50))});\n`.repeat(200);
let dist: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "bfs-static-"));
  mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
  mkdirSync(path.join(dist, "static", "media"), { recursive: true });
  writeFileSync(path.join(dist, "static", "chunks", "app.js"), script);
  writeFileSync(path.join(dist, "static", "media", "font.woff2"), Buffer.alloc(64, 7));
  const totals = await precompressStatic(dist);
  expect(totals).toMatchObject({ files: 1, bytes: script.length });
  const assets = loadPrecompressed(dist);
  server = createServer((req, res) => {
    if (!servePrecompressed(assets, req, res)) res.writeHead(299, { "x-answered-by": "next" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const URL_PATH = "/_next/static/chunks/app.js";

describe("precompressed static files", () => {
  it("sends Brotli to a browser that accepts it, with Next's caching and security headers", async () => {
    const res = await get(`${URL_PATH}?dpl=abc`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends the gzip copy to a client without Brotli, readable by any gzip reader", async () => {
    const res = await get(URL_PATH, { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it("follows q values: br;q=0 means gzip, a higher gzip q wins", async () => {
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("gzip, br")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it("answers a repeat visit's If-None-Match with 304 and no body; HEAD with headers only", async () => {
    const first = await get(URL_PATH, { "accept-encoding": "br" });
    const again = await get(URL_PATH, { "accept-encoding": "br", "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Each encoding has its own validator: a gzip copy's ETag does not revalidate the Brotli one.
    const gzip = await get(URL_PATH, { "accept-encoding": "gzip" });
    expect(gzip.headers.etag).not.toBe(first.headers.etag);
    const head = await get(URL_PATH, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("leaves everything else to Next: no accepted encoding, other files and paths, other methods", async () => {
    for (const [url, headers, method] of [
      [URL_PATH, {}, "GET"],
      [URL_PATH, { "accept-encoding": "identity" }, "GET"],
      ["/_next/static/media/font.woff2", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/chunks/other.js", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/chunks/../chunks/app.js", { "accept-encoding": "br" }, "GET"],
      [`${URL_PATH}.br`, { "accept-encoding": "br" }, "GET"],
      ["/", { "accept-encoding": "br" }, "GET"],
      [URL_PATH, { "accept-encoding": "br" }, "POST"],
    ] as const) {
      const res = await get(url, headers, method);
      expect([url, method, res.status]).toEqual([url, method, 299]);
    }
  });

  it("makes fast copies first (the build's), then the strongest ones in place, and records the level", async () => {
    expect(precompressedLevel(dist)).toBe("fast");
    expect(await precompressStatic(dist, { level: "max" })).toMatchObject({ files: 1, bytes: script.length });
    expect(precompressedLevel(dist)).toBe("max");
    const upgraded = loadPrecompressed(dist).get(URL_PATH)!;
    expect(brotliDecompressSync(upgraded.variants.br.body).toString()).toBe(script);
    expect(gunzipSync(upgraded.variants.gzip.body).toString()).toBe(script);
  });
});
