/**
 * The HTTP server behind `npm start`, `npm run dev`, the Playwright web server and the fault
 * tests: Next's own request handler on a plain Node server, which adds what `next start` cannot:
 * - it stamps every request with the socket's peer address (lib/http/peer-address.ts), so that the
 *   sign-in limits and TRUST_PROXY work from the real address, not from a header any client can
 *   write (docs/operations.md);
 * - SIGTERM is graceful (scripts/graceful-shutdown.ts): stop accepting, let requests in flight
 *   finish, run the shutdown hooks of lib/lifecycle.ts (job runner, database pool), exit;
 * - in production it sends the build's scripts and style sheets as the Brotli or Zopfli copies
 *   made at build time (scripts/static-assets.ts); Next only gzips them, per request.
 *
 *   node --import tsx scripts/server.ts [dev|start] (PORT, default 3000)
 */
import { createServer } from "node:http";
import path from "node:path";
import { assertProductionConfig } from "../lib/boot-checks";
import { stampPeerAddress } from "../lib/http/peer-address";
import { parseTrustProxy } from "../lib/http/trust-proxy";
import { installGracefulShutdown, InFlight } from "./graceful-shutdown";
import { loadPrecompressed, servePrecompressed } from "./static-assets";
import { assertSupportedNode } from "./node-version";

assertSupportedNode();
const dev = process.argv[2] === "dev";
if (!dev) (process.env as Record<string, string>).NODE_ENV = "production";
const port = Number(process.env.PORT ?? 3000);

async function main() {
  // In production a missing or weak NEXTAUTH_SECRET, or a malformed APP_URL/NEXTAUTH_URL, stops the
  // start with one sentence (lib/boot-checks.ts); so does a wrong TRUST_PROXY, in every mode.
  if (!dev) assertProductionConfig(process.env);
  parseTrustProxy(process.env.TRUST_PROXY);
  const { default: next } = await import("next");
  const app = next({ dev, dir: path.resolve(__dirname, ".."), port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const assets = dev ? new Map() : loadPrecompressed(path.resolve(__dirname, "..", ".next"));
  const inFlight = new InFlight();
  const server = createServer(
    inFlight.wrap((req, res) => {
      if (servePrecompressed(assets, req, res)) return;
      stampPeerAddress(req);
      void handle(req, res);
    }),
  );
  server.listen(port, process.env.HOSTNAME_BIND, () =>
    console.log(JSON.stringify({ t: new Date().toISOString(), event: "listening", port, mode: dev ? "development" : "production", precompressedFiles: assets.size })),
  );
  installGracefulShutdown(server, inFlight, () => app.close());
}

main().catch((error) => {
  console.error(`[bfs] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
