/**
 * The HTTP server behind `npm start`, `npm run dev`, the Playwright web server and the fault
 * tests: Next's own request handler on a plain Node server, which adds what `next start` cannot:
 * - it stamps every request with the socket's peer address (lib/http/peer-address.ts), so that the
 *   sign-in limits and TRUST_PROXY work from the real address, not from a header any client can
 *   write (docs/operations.md);
 * - SIGTERM is graceful (scripts/graceful-shutdown.ts): stop accepting, let requests in flight
 *   finish, run the shutdown hooks of lib/lifecycle.ts (job runner, database pool), exit;
 * - in production it sends the build's scripts and style sheets as the Brotli or gzip copies
 *   made at build time (scripts/static-assets.ts); Next only gzips them, per request. The build
 *   makes them at a fast level; once listening, the server remakes them at the strongest level in
 *   a low-priority child process (scripts/precompress.js; PRECOMPRESS_UPGRADE=off skips it) and
 *   then serves those.
 *
 *   node --import tsx scripts/server.ts [dev|start] (PORT, default 3000)
 */
import { fork, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { setPriority } from "node:os";
import path from "node:path";
import { assertProductionConfig } from "../lib/boot-checks";
import { stampPeerAddress } from "../lib/http/peer-address";
import { parseTrustProxy } from "../lib/http/trust-proxy";
import { installGracefulShutdown, InFlight } from "./graceful-shutdown";
import { precompressedLevel } from "./precompress";
import { loadPrecompressed, servePrecompressed, type StaticAssets } from "./static-assets";
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
  const distDir = path.resolve(__dirname, "..", ".next");
  let assets: StaticAssets = dev ? new Map() : loadPrecompressed(distDir);
  const inFlight = new InFlight();
  const server = createServer(
    inFlight.wrap((req, res) => {
      if (servePrecompressed(assets, req, res)) return;
      stampPeerAddress(req);
      void handle(req, res);
    }),
  );
  let upgrade: ChildProcess | null = null;
  server.listen(port, process.env.HOSTNAME_BIND, () => {
    log({ event: "listening", port, mode: dev ? "development" : "production", precompressedFiles: assets.size });
    if (!dev && process.env.PRECOMPRESS_UPGRADE !== "off" && precompressedLevel(distDir) === "fast") {
      upgrade = upgradePrecompressed(distDir, () => {
        assets = loadPrecompressed(distDir);
        log({ event: "precompressed", level: "max", precompressedFiles: assets.size });
      });
    }
  });
  installGracefulShutdown(server, inFlight, () => {
    upgrade?.kill();
    return app.close();
  });
}

const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ t: new Date().toISOString(), ...fields }));

/** Remakes the build's copies at the strongest level in a child at the lowest CPU priority; `done` once they are in place. */
function upgradePrecompressed(distDir: string, done: () => void): ChildProcess {
  const child = fork(path.join(__dirname, "precompress.js"), [distDir, "--max"], { execArgv: [], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  if (child.pid) {
    try {
      setPriority(child.pid, 19);
    } catch {
      // Not allowed here: it runs at normal priority.
    }
  }
  child.on("exit", (code) => {
    if (code === 0) done();
  });
  return child;
}

main().catch((error) => {
  console.error(`[bfs] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
