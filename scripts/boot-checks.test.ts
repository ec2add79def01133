/**
 * A production start stops at once, with one sentence, on a missing or weak NEXTAUTH_SECRET or a
 * malformed APP_URL/NEXTAUTH_URL: the launcher (`npm start`), the server (scripts/server.ts) and a
 * bare `next start` (instrumentation.ts). The launcher's own generated secret passes.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const STRONG = "Zq3v9LrT0bXw8kYc2NfH6pJm4sAe1uGd7hWx5tRy";
const CLOSED_DB = "postgresql://postgres@127.0.0.1:9/bfs_boot_check";

/** Runs a script with only the given environment (and PATH/HOME); resolves its exit and output. */
function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const childEnv: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NEXT_TELEMETRY_DISABLED: "1", PORT: "3299", ...env };
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, script), ...args], {
      cwd: root,
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 40_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the server (scripts/server.ts) in production", () => {
  it("stops with one sentence when NEXTAUTH_SECRET is missing", async () => {
    const result = await run("scripts/server.ts", ["start"], { DATABASE_URL: CLOSED_DB });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("[bfs] NEXTAUTH_SECRET is not set: generate one with `openssl rand -base64 32` and set it before starting.");
    expect(result.stdout).not.toContain("listening");
  }, 45_000);

  it("stops with one sentence when NEXTAUTH_SECRET is weak, or APP_URL is malformed", async () => {
    const weak = await run("scripts/server.ts", ["start"], { DATABASE_URL: CLOSED_DB, NEXTAUTH_SECRET: "secret" });
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe(
      "[bfs] NEXTAUTH_SECRET is too weak: it must be at least 32 characters (it has 6); generate one with `openssl rand -base64 32` and set it before starting.",
    );
    const url = await run("scripts/server.ts", ["start"], { DATABASE_URL: CLOSED_DB, NEXTAUTH_SECRET: STRONG, APP_URL: "tasks.example.org" });
    expect(url.code).toBe(1);
    expect(url.stderr.trim()).toBe('[bfs] APP_URL is not a valid URL ("tasks.example.org"): give the full address people open, e.g. https://tasks.example.org.');
  }, 90_000);
});

describe("the launcher (npm start)", () => {
  it("stops before touching the database or building when NEXTAUTH_SECRET is weak or NEXTAUTH_URL malformed", async () => {
    const weak = await run("scripts/launch.ts", ["start"], { DATABASE_URL: CLOSED_DB, NEXTAUTH_SECRET: "x".repeat(40) });
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe("[bfs] NEXTAUTH_SECRET is too weak: it repeats a few characters; generate one with `openssl rand -base64 32` and set it before starting.");
    expect(weak.stdout).toBe("");
    const url = await run("scripts/launch.ts", ["start"], { DATABASE_URL: CLOSED_DB, NEXTAUTH_SECRET: STRONG, NEXTAUTH_URL: "localhost:3000" });
    expect(url.code).toBe(1);
    expect(url.stderr.trim()).toBe('[bfs] NEXTAUTH_URL must start with http:// or https:// ("localhost:3000"), e.g. https://tasks.example.org.');
  }, 90_000);

  it("with no secret set, generates one (.data/auth-secret) that passes, and goes on to the database", async () => {
    const result = await run("scripts/launch.ts", ["start"], { DATABASE_URL: CLOSED_DB });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\[bfs\] Could not connect to the database in DATABASE_URL/);
  }, 45_000);
});

describe("a bare `next start` (instrumentation.ts)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    jest.restoreAllMocks();
  });

  it("exits with one sentence in production, and does nothing of the kind in development", async () => {
    const env = process.env as Record<string, string | undefined>;
    const exit = jest.spyOn(process, "exit").mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { register } = await import("@/instrumentation");
    Object.assign(env, { NEXT_RUNTIME: "nodejs", NODE_ENV: "production", NEXTAUTH_SECRET: STRONG, APP_URL: "https//tasks.example.org" });
    delete env.NEXT_PHASE;
    await expect(register()).rejects.toThrow("exit 1");
    expect(error).toHaveBeenCalledWith('[bfs] APP_URL is not a valid URL ("https//tasks.example.org"): give the full address people open, e.g. https://tasks.example.org.');

    // next build loads it too: no check there.
    env.NEXT_PHASE = "phase-production-build";
    env.JOBS_ENABLED = "false";
    delete env.DATABASE_URL;
    await expect(register()).resolves.toBeUndefined();
    delete env.NEXT_PHASE;
    env.NODE_ENV = "development";
    await expect(register()).resolves.toBeUndefined();
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
