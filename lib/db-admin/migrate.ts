/**
 * The project's migrator: applies prisma/migrations/<name>/migration.sql in name order, the way
 * `prisma migrate deploy` would, without Prisma's native schema engine (which cannot be
 * downloaded here). The ledger is Prisma's own `_prisma_migrations` table with Prisma's
 * checksums, so `prisma migrate status/deploy` agree with it wherever the engine is available.
 *
 * Server/CLI code: plain `pg`, no Next.js imports.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * The advisory-lock key Prisma's schema engine takes while migrating Postgres. Using the same
 * key means our migrator never races another instance of itself nor `prisma migrate deploy`.
 */
const MIGRATION_LOCK_KEY = 72707369;

const DEFAULT_MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma", "migrations");

/** A migration failure the CLI reports as one sentence. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

export interface MigrateOptions {
  log?: (line: string) => void;
  migrationsDir?: string;
}

interface LocalMigration {
  name: string;
  sql: string;
  checksum: string;
}

interface LedgerRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** Prisma's checksum: the SHA-256 of the migration file's bytes, as lower-case hex. */
export function migrationChecksum(contents: Buffer | string): string {
  return createHash("sha256").update(contents).digest("hex");
}

/** Applies every pending migration; returns the names applied, in order. */
export async function migrate(databaseUrl: string, opts: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const local = await readMigrations(opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const client = await connect(databaseUrl);
  try {
    // Session-level lock: held across the per-migration transactions, released on unlock/exit.
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await ensureLedger(client);
      const pending = checkHistory(local, await readLedger(client), opts.log);
      for (const migration of pending) {
        await applyMigration(client, migration);
        opts.log?.(`Applied migration ${migration.name}`);
      }
      return { applied: pending.map((m) => m.name) };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist. Returns whether it created it. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!name || name === "postgres") return false;
  url.pathname = "/postgres";
  const client = await connect(url.toString());
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (error) {
    // Someone else created it between our check and our CREATE: fine.
    if (isPgError(error) && (error.code === "42P04" || error.code === "23505")) return false;
    throw new MigrationError(`Could not create the database "${name}": ${errorMessage(error)}`);
  } finally {
    await client.end();
  }
}

/** Double-quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function readMigrations(dir: string): Promise<LocalMigration[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    throw new MigrationError(`The migrations folder ${dir} cannot be read.`);
  }
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(names.map((name) => readMigration(dir, name)));
}

async function readMigration(dir: string, name: string): Promise<LocalMigration> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(dir, name, "migration.sql"));
  } catch {
    throw new MigrationError(`Migration ${name} has no migration.sql file.`);
  }
  return { name, sql: bytes.toString("utf8"), checksum: migrationChecksum(bytes) };
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new MigrationError(`Could not connect to the database at ${describeUrl(databaseUrl)}: ${errorMessage(error)}`);
  }
  return client;
}

/** The ledger, exactly as Prisma's schema engine creates it. */
async function ensureLedger(client: pg.Client): Promise<void> {
  await client.query(`
    CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum"            VARCHAR(64) NOT NULL,
      "finished_at"         TIMESTAMPTZ,
      "migration_name"      VARCHAR(255) NOT NULL,
      "logs"                TEXT,
      "rolled_back_at"      TIMESTAMPTZ,
      "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
}

async function readLedger(client: pg.Client): Promise<LedgerRow[]> {
  const result = await client.query<LedgerRow>(
    `SELECT "migration_name", "checksum", "finished_at", "rolled_back_at"
       FROM "_prisma_migrations" ORDER BY "started_at"`,
  );
  return result.rows;
}

/**
 * Compares the files with the ledger and returns the pending migrations. A half-applied
 * migration (possible only if `prisma migrate` ran here) or an edited applied one stops us.
 */
function checkHistory(local: LocalMigration[], ledger: LedgerRow[], log?: (line: string) => void): LocalMigration[] {
  const live = ledger.filter((row) => row.rolled_back_at === null);
  const failed = live.find((row) => row.finished_at === null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} is recorded as started but not finished; resolve it (prisma migrate resolve) before migrating.`,
    );
  }
  const applied = new Map(live.map((row) => [row.migration_name, row.checksum]));
  for (const migration of local) {
    const checksum = applied.get(migration.name);
    if (checksum !== undefined && checksum !== migration.checksum) {
      throw new MigrationError(
        `Migration ${migration.name} was edited after it was applied (its checksum changed); restore the file and put the change in a new migration.`,
      );
    }
  }
  const localNames = new Set(local.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!localNames.has(name)) log?.(`Warning: migration ${name} is applied but missing from the migrations folder`);
  }
  return local.filter((m) => !applied.has(m.name));
}

/** One transaction: the migration's SQL and its ledger row commit or roll back together. */
async function applyMigration(client: pg.Client, migration: LocalMigration): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations"
         ("id", "checksum", "migration_name", "started_at", "finished_at", "applied_steps_count")
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw new MigrationError(`Migration ${migration.name} failed${lineOf(migration.sql, error)}: ${errorMessage(error)}`);
  }
}

/** " at line N" when Postgres reported the error's position in the script. */
function lineOf(sql: string, error: unknown): string {
  const position = isPgError(error) ? Number(error.position) : NaN;
  if (!Number.isInteger(position) || position < 1) return "";
  return ` at line ${sql.slice(0, position - 1).split("\n").length}`;
}

function isPgError(error: unknown): error is pg.DatabaseError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "string";
}

function errorMessage(error: unknown): string {
  // Node reports a refused connection to a multi-address host as an AggregateError with no message.
  if (error instanceof AggregateError && !error.message) return errorMessage(error.errors[0]);
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/** host:port/database, without credentials, for error messages. */
function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "(an invalid DATABASE_URL)";
  }
}
