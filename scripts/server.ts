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
 * - in production it runs one worker per core (WEB_CONCURRENCY, default the machine's cores;
 *   `WEB_CONCURRENCY=1` is one process) behind the one port, with Node's cluster module: one
 *   Node process's event loop is the app's ceiling for signed-in tabs, and the app is already
 *   safe as several instances on one Postgres (sessions, limits, locks and jobs live in the
 *   database). The primary forks the workers, restarts one that dies, passes SIGTERM on (each
 *   worker drains its requests) and does the precompression upgrade; it never loads Next.
 *
 *   node --import tsx scripts/server.ts [dev|start] (PORT, default 3000)
 */
import { fork, type ChildProcess } from "node:child_process";
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { availableParallelism, setPriority } from "node:os";
import path from "node:path";
import { assertProductionConfig } from "../lib/boot-checks";
import { hasMalformedEscape, MALFORMED_PATH_MESSAGE } from "../lib/http/path-params";
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
  const workers = dev ? 1 : workerCount(process.env.WEB_CONCURRENCY);
  if (workers > 1 && cluster.isPrimary) return runPrimary(workers);
  await serve({ inCluster: workers > 1 });
}

/** How many workers `npm start` runs: WEB_CONCURRENCY (a whole number ≥ 1), else one per core. */
export function workerCount(raw: string | undefined, cores = availableParallelism()): number {
  if (raw === undefined || raw.trim() === "") return Math.max(1, cores);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WEB_CONCURRENCY must be a whole number of at least 1 (got "${raw}").`);
  return n;
}

/** One Next server on the port: the whole app when alone, one worker of the cluster otherwise. */
async function serve({ inCluster }: { inCluster: boolean }) {
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
      if (hasMalformedEscape(req.url ?? "/")) return refuseMalformedPath(req, res);
      stampPeerAddress(req);
      void handle(req, res);
    }),
  );
  let upgrade: ChildProcess | null = null;
  const reloadAssets = () => {
    assets = loadPrecompressed(distDir);
    log({ event: "precompressed", level: "max", precompressedFiles: assets.size, worker: cluster.worker?.id });
  };
  // In a cluster the primary remakes the copies once and says when they are in place.
  if (inCluster) process.on("message", (message: { type?: string }) => message?.type === PRECOMPRESSED && reloadAssets());
  // Next's own uncaughtException handler would log a failed bind and leave the process up, listening on nothing.
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(`[bfs] ${error.code === "EADDRINUSE" ? `Port ${port} is already in use: stop what uses it, or set PORT.` : `The server could not listen on port ${port}: ${error.message}`}`);
    process.exit(1);
  });
  server.listen(port, process.env.HOSTNAME_BIND, () => {
    log({ event: "listening", port, mode: dev ? "development" : "production", precompressedFiles: assets.size, ...(inCluster ? { worker: cluster.worker?.id } : {}) });
    if (!inCluster && shouldUpgrade(distDir)) upgrade = upgradePrecompressed(distDir, reloadAssets);
  });
  installGracefulShutdown(server, inFlight, () => {
    upgrade?.kill();
    return app.close();
  });
}

/**
 * A path Next's router cannot decode (`/api/cases/%E0%A4%A`): it would answer a plain 500. A 400
 * instead, the API's flat JSON error under /api, plain text elsewhere.
 */
function refuseMalformedPath(req: IncomingMessage, res: ServerResponse) {
  const api = (req.url ?? "").startsWith("/api/");
  res.writeHead(400, {
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(api ? JSON.stringify({ message: MALFORMED_PATH_MESSAGE, code: "BAD_REQUEST" }) : MALFORMED_PATH_MESSAGE);
}

const PRECOMPRESSED = "bfs:precompressed";

const shouldUpgrade = (distDir: string) => !dev && process.env.PRECOMPRESS_UPGRADE !== "off" && precompressedLevel(distDir) === "fast";

/**
 * The cluster's primary: forks `count` workers (Node's cluster module hands each new connection
 * to the next worker), restarts a worker that dies after the cluster served, and ends the start
 * if one dies before (a port in use, a bad build: its own error says why). SIGTERM or SIGINT go
 * to every worker, each drains its requests (scripts/graceful-shutdown.ts), then the primary exits.
 */
function runPrimary(count: number) {
  const distDir = path.resolve(__dirname, "..", ".next");
  let listening = 0;
  let stopping = false;
  let upgrade: ChildProcess | null = null;
  const workers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("listening", () => {
    if (++listening !== count) return;
    log({ event: "cluster listening", port, workers: count });
    if (shouldUpgrade(distDir)) upgrade = upgradePrecompressed(distDir, () => workers().forEach((w) => w.send({ type: PRECOMPRESSED })));
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (workers().length === 0) process.exit();
      return;
    }
    log({ event: "worker exited", worker: worker.id, code, signal });
    if (listening < count) {
      stop("a worker failed to start", 1);
      return;
    }
    cluster.fork();
  });
  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log({ event: "shutdown", signal: reason, workers: workers().length });
    upgrade?.kill();
    for (const worker of workers()) worker.process.kill("SIGTERM");
    if (workers().length === 0) process.exit(code);
    // The workers bound their own drain (graceful-shutdown.ts); this bounds the primary's wait.
    setTimeout(() => process.exit(code || 1), Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000) + 20_000).unref();
    if (code) process.exitCode = code;
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
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
