/**
 * Playwright's web server: a fresh database (dropped and re-created each run, then migrated
 * and seeded with the demo data), a production build, and the app's server (scripts/server.ts).
 * The server's JSON log (a line per request and event) goes to test-results/e2e-server.log
 * (E2E_SERVER_LOG), not into the test run's output; its errors (stderr) stay in the output.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createPrismaClient } from "../../lib/db-admin/client";
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "../../lib/db-admin/embedded";
import { migrate } from "../../lib/db-admin/migrate";
import { seedDemoData } from "../../prisma/seed";
import { E2E_COMPANY_DOMAIN, E2E_PORT, EMBEDDED_TEST_PG_PORT, e2eDatabaseUrl, e2eServerUrl } from "./database";
import { assertSupportedNode } from "../../scripts/node-version";

assertSupportedNode();

const root = path.resolve(__dirname, "../..");

async function main() {
  let embedded: EmbeddedPostgresHandle | null = null;
  if (!e2eServerUrl()) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(root, ".data/test-postgres"), port: EMBEDDED_TEST_PG_PORT });
  }
  const url = e2eDatabaseUrl();
  await recreateDatabase(url);
  await migrate(url);
  const db = createPrismaClient(url);
  await seedDemoData(db, () => undefined);
  await db.$disconnect();

  // Uploaded files belong to this run's fresh database: a fresh folder too.
  const uploadDir = path.join(root, ".data/e2e-uploads", String(E2E_PORT));
  rmSync(uploadDir, { recursive: true, force: true });
  // PRECOMPRESS_UPGRADE=off: the build's fast copies serve the tests; the strongest level would only take CPU from them.
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PRECOMPRESS_UPGRADE: "off", DATABASE_URL: url, UPLOAD_DIR: uploadDir, NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789", NEXTAUTH_URL: `http://localhost:${E2E_PORT}`, APP_URL: `http://localhost:${E2E_PORT}`, ENABLE_TEST_HOOKS: "true", ALLOWED_EMAIL_DOMAINS: E2E_COMPANY_DOMAIN, WEB_CONCURRENCY: "1" };
  // Webhooks to loopback (e2e/webhooks.spec.ts): the SSRF guard lets private addresses through only with this.
  Object.assign(env, { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" });
  const next = path.join(root, "node_modules/.bin/next");
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync(next, ["build"], { cwd: root, env, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // The app's own server (scripts/server.ts, as `npm start` runs it), in one process so SIGTERM reaches its graceful shutdown.
  const logFile = path.resolve(root, process.env.E2E_SERVER_LOG ?? "test-results/e2e-server.log");
  mkdirSync(path.dirname(logFile), { recursive: true });
  console.log(`[e2e server] request log: ${path.relative(root, logFile)}`);
  const app = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/server.ts"), "start"], {
    cwd: root,
    env: { ...env, PORT: String(E2E_PORT) },
    stdio: ["ignore", openSync(logFile, "w"), "inherit"],
  });
  const stop = async () => {
    app.kill("SIGTERM");
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  app.on("exit", (code) => void embedded?.stop().finally(() => process.exit(code ?? 0)));
}

async function recreateDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

main().catch((error) => {
  console.error(`[e2e server] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
