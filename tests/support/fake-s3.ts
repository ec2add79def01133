/**
 * A tiny in-process S3-compatible server (path-style PUT/GET/HEAD/DELETE object), so the S3
 * implementation of lib/storage runs its real SDK calls over HTTP in every test run. Signatures
 * are not checked; a real endpoint is exercised when S3_TEST_ENDPOINT is set.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const server: Server = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "PUT") {
        objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers["content-type"] ?? "") });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === "GET" || req.method === "HEAD") {
        const object = objects.get(key);
        if (!object) {
          res.writeHead(404, { "Content-Type": "application/xml" });
          res.end(req.method === "GET" ? `<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>` : undefined);
          return;
        }
        res.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length });
        res.end(req.method === "GET" ? object.body : undefined);
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
