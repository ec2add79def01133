/**
 * Graceful SIGTERM/SIGINT for the Node server (scripts/server.ts; docs/operations.md):
 *   1. stop accepting connections; a request still arriving on a kept-alive connection gets
 *      503 SHUTTING_DOWN with Connection: close, so a load balancer retries elsewhere;
 *   2. let the requests in flight finish, for at most SHUTDOWN_TIMEOUT_MS (default 10 s);
 *   3. run the shutdown hooks of lib/lifecycle.ts (the job runner, then the database pool);
 *   4. close Next and exit 0, logging one "stopped" line.
 *
 *   const server = createServer(graceful.wrap((req, res) => handle(req, res)));
 *   installGracefulShutdown(server, graceful, () => app.close());
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { shutdown } from "../lib/lifecycle";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ t: new Date().toISOString(), ...fields }));

export class InFlight {
  draining = false;
  count = 0;
  private idle: (() => void) | null = null;

  /** Counts requests, and turns new ones away once draining. */
  wrap(listener: Listener): Listener {
    return (req, res) => {
      if (this.draining) {
        res.writeHead(503, { "Content-Type": "application/json", Connection: "close", "Retry-After": "5" });
        res.end(JSON.stringify({ message: "The server is restarting. Try again in a moment.", code: "SHUTTING_DOWN" }));
        return;
      }
      this.count += 1;
      res.on("close", () => {
        this.count -= 1;
        if (this.count === 0) this.idle?.();
      });
      listener(req, res);
    };
  }

  /** Resolves when no request is in flight, or after `timeoutMs`. */
  settle(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle = resolve;
      setTimeout(resolve, timeoutMs).unref();
    });
  }
}

export function installGracefulShutdown(server: Server, inFlight: InFlight, closeApp: () => Promise<unknown>): void {
  const drainTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  const stop = async (signal: string) => {
    if (inFlight.draining) return;
    inFlight.draining = true;
    const started = Date.now();
    // Whatever hangs (a hook past its own bound, Next's close), the process is gone by then.
    setTimeout(() => {
      log({ event: "stopped", forced: true, ms: Date.now() - started, unfinishedRequests: inFlight.count });
      process.exit(1);
    }, drainTimeoutMs + 15_000).unref();
    log({ event: "shutdown", signal, inFlight: inFlight.count });
    server.close();
    server.closeIdleConnections();
    await inFlight.settle(drainTimeoutMs);
    const unfinished = inFlight.count;
    server.closeAllConnections();
    const report = await shutdown({ hookTimeoutMs: 5000 });
    await Promise.race([closeApp().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    log({ event: "stopped", ms: Date.now() - started, unfinishedRequests: unfinished, hooks: report.hooks });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
