/**
 * What the fault tests run on: a Postgres of their own (the embedded one, on a port derived from
 * E2E_PORT, data under .data/), which they may stop, and production app servers
 * (scripts/server.ts over the last `next build`), which they may SIGTERM or kill -9. Nothing here
 * touches the machine's Postgres or another test run's servers.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrate } from "@/lib/db-admin/migrate";

export const ROOT = path.resolve(__dirname, "../..");
const base = Number(process.env.E2E_PORT ?? 3100);
export const FAULT_PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 54710 + (base % 100));
export const APP_PORTS = [base + 1000, base + 1050] as const;
const DATA_DIR = path.join(ROOT, ".data", `faults-postgres-${FAULT_PG_PORT}`);

export class FaultPostgres {
  private process: ChildProcess | null = null;
  readonly serverUrl = `postgresql://postgres:postgres@127.0.0.1:${FAULT_PG_PORT}/postgres`;

  /** Starts the server (tests/faults/postgres-process.ts) and resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "postgres-process.ts"), DATA_DIR, String(FAULT_PG_PORT)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.process = child;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk) => {
        output += chunk;
        if (output.includes("ready")) resolve();
      });
      child.stderr?.on("data", (chunk) => (output += chunk));
      child.once("exit", (code) => reject(new Error(`embedded Postgres exited (${code}): ${output}`)));
    });
  }

  /** Stops the server (a fast shutdown: open connections are terminated) and waits for it. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  url(database: string): string {
    const url = new URL(this.serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  }

  /** A fresh, migrated database. */
  async freshDatabase(name: string): Promise<string> {
    await this.admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await this.admin(`CREATE DATABASE "${name}"`);
    await migrate(this.url(name));
    return this.url(name);
  }

  async admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
}

/** Builds the app once when no production build exists (npm test's Playwright step has made one). */
export function ensureBuild(): void {
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  const build = spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error("next build failed");
}

export const AUTH_SECRET = "faults-secret-not-for-production-0123456789";

export class AppServer {
  process: ChildProcess | null = null;
  output = "";
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** One process (node --import tsx, no wrapper, one worker unless `env` says otherwise), so SIGTERM and SIGKILL reach the server itself. */
  async start(): Promise<void> {
    this.output = "";
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/server.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXTAUTH_SECRET: AUTH_SECRET,
        NEXTAUTH_URL: this.url,
        APP_URL: this.url,
        PORT: String(this.port),
        HOSTNAME_BIND: "127.0.0.1",
        // The build's fast copies serve here; remaking them at the strongest level would only take CPU from the checks.
        PRECOMPRESS_UPGRADE: "off",
        // One process, so a signal reaches the server itself; tests/faults/cluster.test.ts runs the cluster.
        WEB_CONCURRENCY: "1",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (this.output += chunk));
    child.stderr?.on("data", (chunk) => (this.output += chunk));
    this.process = child;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`app server exited (${child.exitCode}):\n${this.output.slice(-2000)}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`app server on ${this.port} did not start:\n${this.output.slice(-2000)}`);
  }

  /** Sends a signal and resolves with the exit code once the process has gone. */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    this.process = null;
    return code;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown> | null;
  headers: Headers | null;
  /** Set when no HTTP answer came (connection refused or reset). */
  error?: string;
}

/** One JSON request with a hard client-side bound, so a hang shows up as a failure, not a stuck test. */
export async function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, ms: Date.now() - started, body, headers: response.headers };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, body: null, headers: null, error: error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}` : String(error) };
  }
}

/** Signs in through the API with a mobile bearer token. */
export async function bearer(server: AppServer, email: string, password: string): Promise<Record<string, string>> {
  const answer = await request(`${server.url}/api/login`, { method: "POST", body: { email, password, client: "mobile" } });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { authorization: `Bearer ${(answer.body!.auth as { accessToken: string }).accessToken}` };
}
