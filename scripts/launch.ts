/**
 * `npm start` / `npm run dev`: the zero-set-up entry point.
 * - DATABASE_URL unset: starts the embedded Postgres with data under ./.data, creates the
 *   database, migrates, seeds demo data on the first start, and stops Postgres on exit.
 * - DATABASE_URL set: uses that server, migrates it, and starts nothing else.
 * Then runs scripts/server.ts (Next behind a Node server that knows the socket peer and shuts down
 * gracefully), in dev or (building first when needed) production mode.
 * Failures end with one clear sentence and a non-zero exit, never a stack trace.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { productionConfigProblems } from "../lib/boot-checks";
import { createPrismaClient } from "../lib/db-admin/client";
import { LaunchError, startEmbeddedPostgres, type EmbeddedPostgresHandle } from "../lib/db-admin/embedded";
import { ensureDatabase, migrate } from "../lib/db-admin/migrate";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from "../prisma/seed";
import { appEnv } from "./launch-env";
import { assertSupportedNode } from "./node-version";

assertSupportedNode();

const mode = process.argv[2] === "dev" ? "dev" : "start";
const root = path.resolve(__dirname, "..");
const dataDir = path.resolve(root, process.env.PGDATA_DIR ?? ".data/postgres");
const port = Number(process.env.PORT ?? 3000);
const log = (line: string) => console.log(`[bfs] ${line}`);

let embedded: EmbeddedPostgresHandle | null = null;
let app: ChildProcess | null = null;
let stopping = false;

async function main() {
  if (mode === "start") {
    // Before the database and the build: a weak NEXTAUTH_SECRET or a malformed APP_URL/NEXTAUTH_URL
    // stops here with one sentence. Unset, the secret is generated (.data/auth-secret) and passes.
    const [problem] = productionConfigProblems(appEnv(process.env, { databaseUrl: "", authSecret: authSecret(), port }));
    if (problem) throw new LaunchError(problem);
  }
  const external = process.env.DATABASE_URL;
  const databaseUrl = external ?? (await startEmbedded());
  await checkConnection(databaseUrl, Boolean(external));
  await ensureDatabase(databaseUrl);
  const { applied } = await migrate(databaseUrl, { log });
  if (applied.length === 0) log("Database schema is up to date.");

  const shouldSeed = process.env.SEED_DEMO_DATA ? process.env.SEED_DEMO_DATA === "true" : !external;
  if (shouldSeed) await seed(databaseUrl);

  const env = appEnv(process.env, { databaseUrl, authSecret: authSecret(), port });
  if (mode === "start" && !existsSync(path.join(root, ".next", "BUILD_ID"))) {
    log("No production build yet: running `next build` (about a minute) ...");
    await run(["build"], env);
  }
  log(`BFS Tasks is starting at http://localhost:${port}`);
  log(`Database: ${redact(databaseUrl)}${external ? "" : " (embedded)"}`);
  if (shouldSeed) {
    log(`Demo logins (password "${DEMO_PASSWORD}"): ${DEMO_LOGINS.map((l) => `${l.email} (${l.role})`).join(", ")}`);
  }
  // Our server (scripts/server.ts) rather than `next start`: it knows the socket's peer address and
  // shuts down gracefully; one process (no tsx wrapper in between), so SIGTERM reaches it.
  app = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts"), mode], { cwd: root, env: { ...env, PORT: String(port) }, stdio: "inherit" });
  app.on("exit", (code) => shutdown(code ?? 0));
}

async function startEmbedded(): Promise<string> {
  const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  log(`DATABASE_URL is not set: starting the embedded Postgres on port ${pgPort} (data in ${dataDir.startsWith(root + path.sep) ? path.relative(root, dataDir) : dataDir}) ...`);
  embedded = await startEmbeddedPostgres({ dataDir, port: pgPort, log });
  return embedded.url.replace(/\/postgres$/, "/bfs_tasks");
}

async function checkConnection(url: string, external: boolean) {
  const probe = new URL(url);
  probe.pathname = "/postgres";
  const client = new pg.Client({ connectionString: probe.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LaunchError(
      `Could not connect to ${external ? "the database in DATABASE_URL" : "the embedded database"} (${redact(url)}): ${reason}.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function seed(url: string) {
  const db = createPrismaClient(url);
  try {
    await seedDemoData(db, log);
  } finally {
    await db.$disconnect();
  }
}

/** A stable secret for local runs, kept beside the data so sessions survive restarts. */
function authSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.resolve(root, ".data", "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

function nextBin(): string {
  return path.join(root, "node_modules", ".bin", "next");
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(nextBin(), args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new LaunchError(`next ${args.join(" ")} failed (exit code ${code}).`))));
  });
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (app && app.exitCode === null) {
    // The server drains its requests and closes its pool first (scripts/server.ts); Postgres stops after it.
    const exited = new Promise((resolve) => app?.once("exit", resolve));
    app.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  if (embedded) {
    log("Stopping the embedded Postgres ...");
    await embedded.stop().catch(() => undefined);
  }
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  const message = error instanceof LaunchError ? error.message : `Start-up failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  console.error(`[bfs] ${message}`);
  if (embedded) await embedded.stop().catch(() => undefined);
  process.exit(1);
});
